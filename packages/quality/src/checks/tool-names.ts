import { fail, na, names, pass, type QualityCheckDefinition } from "../types.js";

const TOOL_NAME = /^[A-Za-z0-9_./-]{1,64}$/;

export const toolNames: QualityCheckDefinition = {
  id: "tool_names",
  weight: 5,
  run: ({ tools }) => {
    if (!tools.length) return na("No tools to assess.");
    const bad = tools.filter((t) => !TOOL_NAME.test(t.name)).map((t) => t.name.slice(0, 70));
    const seen = new Set<string>();
    const dupes = tools.filter((t) => seen.has(t.name) || !seen.add(t.name)).map((t) => t.name);
    if (!bad.length && !dupes.length)
      return pass("Every tool name has 1..64 allowed characters and is unique.");
    const parts = [
      bad.length ? `${bad.length} name(s) outside 1..64 characters of [A-Za-z0-9_./-]: ${names(bad)}` : "",
      dupes.length ? `duplicate name(s): ${names(dupes)}` : "",
    ].filter(Boolean);
    return fail(`${parts.join("; ")}.`);
  },
};
