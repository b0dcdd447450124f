import { fail, na, names, pass, warn, type QualityCheckDefinition } from "../types.js";

/** A description that says something: present, longer than a word, not the name repeated. */
function describes(tool: { name: string; description?: unknown }): boolean {
  const text = typeof tool.description === "string" ? tool.description.trim() : "";
  const plain = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "");
  return text.length >= 10 && plain(text) !== plain(tool.name);
}

export const toolDescriptions: QualityCheckDefinition = {
  id: "tool_descriptions",
  weight: 10,
  run: ({ tools }) => {
    if (!tools.length) return na("No tools to assess.");
    const lacking = tools.filter((t) => !describes(t)).map((t) => t.name);
    if (!lacking.length) return pass("Every tool has a description.");
    const detail = `${lacking.length} of ${tools.length} tool(s) lack a useful description: ${names(lacking)}.`;
    return lacking.length === tools.length ? fail(detail) : warn(detail);
  },
};
