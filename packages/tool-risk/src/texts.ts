import type { Text, ToolInput } from "./types.js";

/** Longest text read from one field: past it, a hostile definition costs no more. */
export const MAX_TEXT = 20_000;
/** Schema nodes walked per tool. */
const MAX_NODES = 2_000;

const clip = (text: string) => (text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text);

/**
 * Every text of a tool that reaches the model: its name, title and description, and in its
 * schemas each property's name, title, description, default, enum values and examples
 * (full-schema poisoning hides instructions in any of them). Walked iteratively, bounded.
 */
export function textsOf(tool: ToolInput): Text[] {
  const texts: Text[] = [{ field: "name", text: clip(tool.name) }];
  if (tool.title) texts.push({ field: "title", text: clip(tool.title) });
  const annotated = (tool.annotations as { title?: unknown } | null | undefined)?.title;
  if (typeof annotated === "string" && annotated)
    texts.push({ field: "annotations.title", text: clip(annotated) });
  if (tool.description) texts.push({ field: "description", text: clip(tool.description) });
  walk("input", tool.inputSchema, texts);
  walk("output", tool.outputSchema, texts);
  return texts;
}

const TEXT_KEYS = ["title", "description", "default", "const"] as const;
const LIST_KEYS = ["enum", "examples"] as const;
const NESTED_KEYS = ["items", "additionalProperties", "anyOf", "oneOf", "allOf", "not"];
/** Keys whose value maps names to schemas. */
const MAP_KEYS = ["$defs", "definitions", "patternProperties"];

function walk(root: string, schema: unknown, out: Text[]): void {
  const stack: { path: string; node: unknown }[] = [{ path: root, node: schema }];
  let nodes = 0;
  while (stack.length > 0 && nodes++ < MAX_NODES) {
    const { path, node } = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    const record = node as Record<string, unknown>;
    for (const key of TEXT_KEYS) {
      const value = record[key];
      if (typeof value === "string" && value) out.push({ field: `${path}.${key}`, text: clip(value) });
    }
    for (const key of LIST_KEYS) {
      const list = record[key];
      if (Array.isArray(list))
        list.forEach(
          (v, i) => typeof v === "string" && out.push({ field: `${path}.${key}[${i}]`, text: clip(v) }),
        );
    }
    const properties = record.properties;
    if (typeof properties === "object" && properties !== null) {
      for (const [name, child] of Object.entries(properties)) {
        out.push({ field: `${path}.properties.${name}#name`, text: nameText(clip(name)) });
        stack.push({ path: `${path}.properties.${name}`, node: child });
      }
    }
    for (const key of MAP_KEYS) {
      const map = record[key];
      if (typeof map === "object" && map !== null && !Array.isArray(map))
        for (const [name, child] of Object.entries(map))
          stack.push({ path: `${path}.${key}.${name}`, node: child });
    }
    for (const key of NESTED_KEYS) {
      const child = record[key];
      if (Array.isArray(child))
        child.forEach((c, i) => stack.push({ path: `${path}.${key}[${i}]`, node: c }));
      else if (child && typeof child === "object") stack.push({ path: `${path}.${key}`, node: child });
    }
  }
}

/** A parameter's name as the words it is made of: `paste_cursor_mcp_json` reads "paste cursor mcp json". */
function nameText(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ");
}

/** The names of a tool's top-level input parameters. */
export function parameterNames(tool: ToolInput): string[] {
  const properties = (tool.inputSchema as { properties?: unknown } | null | undefined)?.properties;
  return typeof properties === "object" && properties !== null ? Object.keys(properties) : [];
}
