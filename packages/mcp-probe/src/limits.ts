import type { ProbedTool } from "./connect.js";

/**
 * How much of a server's tool list one probe keeps. A server decides how much it lists (pages
 * of up to the body limit, as many as it likes), and everything kept is held in memory, sent
 * to the catalog and stored, so every part of it is bounded: the tool count and the bytes of
 * the whole list stop the paging, the text and schema limits shorten single tools.
 */
export type ProbeLimits = {
  /** Pages of tools/list read at most. */
  maxToolPages: number;
  /** Tools kept; paging stops once this many are kept. */
  maxTools: number;
  /** JSON bytes of the kept tool definitions together; paging stops once a tool would pass it. */
  maxToolBytes: number;
  /** Characters kept of a tool's description, title and any other text field. */
  maxDescriptionChars: number;
  /** JSON bytes kept of a tool's input schema (and of any other object field: output schema, annotations, _meta). */
  maxSchemaBytes: number;
};

export const DEFAULT_PROBE_LIMITS: ProbeLimits = {
  maxToolPages: 50,
  maxTools: 2000,
  maxToolBytes: 4 * 1024 * 1024,
  maxDescriptionChars: 8 * 1024,
  maxSchemaBytes: 64 * 1024,
};

/**
 * Tool names are primary keys of the catalog's tool table: a btree entry holds at most about
 * 2,700 bytes, and 512 UTF-16 units are at most 1,536 bytes of UTF-8. No real name comes close.
 */
export const MAX_TOOL_NAME_CHARS = 512;

/**
 * Objects nested deeper than this are not kept: PostgreSQL's jsonb parser (and every recursive
 * walk after it) fails on deep nesting long before the byte limit is reached.
 */
export const MAX_OBJECT_DEPTH = 64;

/** One tool as kept, its size, and whether anything of it had to be shortened or left out. */
export type KeptTool = { tool: ProbedTool; bytes: number; shortened: boolean };

/**
 * A tool cut down to the limits: text fields shortened (with a note of their full length),
 * object fields over the schema limit (or nested too deeply) left out; an input or output
 * schema left out is replaced by a placeholder object that says why.
 */
export function keepTool(listed: ProbedTool, limits: ProbeLimits): KeptTool {
  let shortened = false;
  const name = cut(listed.name, MAX_TOOL_NAME_CHARS);
  if (name.length !== listed.name.length) shortened = true;
  const tool: ProbedTool = { name };
  for (const [key, value] of Object.entries(listed)) {
    if (key === "name") continue;
    if (typeof value === "string") {
      const text = clipText(value, limits.maxDescriptionChars);
      if (text !== value) shortened = true;
      tool[key] = text;
      continue;
    }
    if (value === null || typeof value !== "object") {
      tool[key] = value;
      continue;
    }
    const problem = objectProblem(value, limits.maxSchemaBytes);
    if (problem === null) {
      tool[key] = value;
      continue;
    }
    shortened = true;
    if (key === "inputSchema" || key === "outputSchema") {
      tool[key] = { type: "object", "x-catalog-not-kept": `The ${SCHEMA_NAMES[key]} ${problem}.` };
    }
  }
  return { tool, bytes: jsonBytes(tool), shortened };
}

const SCHEMA_NAMES = { inputSchema: "input schema", outputSchema: "output schema" } as const;

/** At most `max` UTF-16 units, never ending in half a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** The text itself when short enough; else its first `max` characters and how long it was. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${cut(text, max)}… [${text.length} characters in all; the first ${max} are kept]`;
}

/**
 * Why a JSON value cannot be kept (too deep, too large), or null. The walk stops early: at the
 * first level past the depth limit, or once it has seen more values than the limit has bytes
 * (each value takes at least one), so a huge value costs no more than a small one.
 */
function objectProblem(value: object, maxBytes: number): string | null {
  const stack: [object, number][] = [[value, 1]];
  let seen = 1;
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (depth > MAX_OBJECT_DEPTH) return `is nested deeper than the ${MAX_OBJECT_DEPTH} levels kept`;
    const children: unknown[] = Array.isArray(v) ? v : Object.values(v);
    seen += children.length;
    if (seen > maxBytes) return `has more than the ${maxBytes} bytes kept`;
    for (const child of children)
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
  const bytes = jsonBytes(value);
  return bytes > maxBytes ? `has ${bytes} bytes, more than the ${maxBytes} kept` : null;
}

/** UTF-8 bytes of the JSON text of a value (a value JSON cannot hold counts as nothing). */
export function jsonBytes(value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? "");
  } catch {
    return 0;
  }
}
