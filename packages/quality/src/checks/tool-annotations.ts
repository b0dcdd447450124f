import {
  fail,
  isObject,
  na,
  names,
  pass,
  warn,
  type QualityCheckDefinition,
  type QualityTool,
} from "../types.js";

/** A title (annotations.title or the tool's own) plus an explicit readOnlyHint or destructiveHint. */
function annotated(tool: QualityTool): boolean {
  const a = isObject(tool.annotations) ? tool.annotations : {};
  const title = typeof a.title === "string" ? a.title : typeof tool.title === "string" ? tool.title : "";
  return (
    title.trim() !== "" && (typeof a.readOnlyHint === "boolean" || typeof a.destructiveHint === "boolean")
  );
}

export const toolAnnotations: QualityCheckDefinition = {
  id: "tool_annotations",
  weight: 5,
  run: ({ tools }) => {
    if (!tools.length) return na("No tools to assess.");
    const missing = tools.filter((t) => !annotated(t)).map((t) => t.name);
    if (!missing.length) return pass("Every tool has a title and a read-only or destructive hint.");
    const detail = `${missing.length} of ${tools.length} tool(s) lack a title or a readOnlyHint/destructiveHint: ${names(missing)}.`;
    return missing.length === tools.length ? fail(detail) : warn(detail);
  },
};
