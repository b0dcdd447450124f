import type { Operation } from "./operation.js";

/** The path parameters of a template, as a type: `/v1/servers/{name}/tools` -> "name". */
export type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | PathParamNames<Rest>
  : never;

/** The path parameters of a template, in order: `/v1/servers/{name}/tools` -> ["name"]. */
export const pathParams = (template: string): string[] =>
  [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** Server names hold a slash: their parameters match across segments, every other one within one. */
const SERVER_NAME_PARAMS = new Set(["name", "serverName"]);

/** Patterns per template, built once: every request is matched against every operation. */
const patterns = new Map<string, RegExp>();

/** A regular expression for the raw (still percent-encoded) paths an operation answers. */
export function pathPattern(op: Pick<Operation, "path" | "subtree">): RegExp {
  const id = `${op.subtree ? "+" : ""}${op.path}`;
  let pattern = patterns.get(id);
  if (!pattern) patterns.set(id, (pattern = buildPattern(op)));
  return pattern;
}

function buildPattern(op: Pick<Operation, "path" | "subtree">): RegExp {
  const body = op.path
    .split(/(\{\w+\})/)
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!param) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      return SERVER_NAME_PARAMS.has(param) ? "(.+)" : "([^/]+)";
    })
    .join("");
  return new RegExp(`^${body === "/" ? "/" : body}${op.subtree ? "(?:/.*)?" : ""}$`);
}

/**
 * The operation a request path is for: the most specific match first (more literal characters),
 * so `/v1/servers/a/b/tools` is the tools of `a/b`, not the descriptor of `a/b/tools` (a name
 * holds exactly one slash, which the more literal template respects).
 */
export function matchOperation<O extends Pick<Operation, "path" | "subtree" | "method">>(
  operations: readonly O[],
  method: string,
  rawPath: string,
): O | undefined {
  const path = rawPath.split("?")[0]!.replace(/(.)\/+$/, "$1");
  const verb = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
  return byLiteralLength(operations).find(
    (op) => op.method === verb && pathPattern(op).test(path) && namesHoldOneSlash(op, path),
  );
}

/** Same, whatever the method: the route a path belongs to (for labels of refused methods). */
export function matchPath<O extends Pick<Operation, "path" | "subtree">>(
  operations: readonly O[],
  rawPath: string,
): O | undefined {
  const path = rawPath.split("?")[0]!.replace(/(.)\/+$/, "$1");
  return byLiteralLength(operations).find((op) => pathPattern(op).test(path) && namesHoldOneSlash(op, path));
}

const literalLength = (template: string) => template.replace(/\{\w+\}/g, "").length;

/** The operations, most literal first; sorted once per list. */
const sorted = new WeakMap<readonly object[], object[]>();

function byLiteralLength<O extends Pick<Operation, "path">>(operations: readonly O[]): O[] {
  let list = sorted.get(operations) as O[] | undefined;
  if (!list) {
    list = [...operations].sort((a, b) => literalLength(b.path) - literalLength(a.path));
    sorted.set(operations, list);
  }
  return list;
}

/** A `{name}` matched with a literal slash must hold exactly one (`%2F` counts as the slash). */
function namesHoldOneSlash(op: Pick<Operation, "path" | "subtree">, path: string): boolean {
  const match = pathPattern(op).exec(path);
  if (!match) return false;
  const params = pathParams(op.path);
  return params.every((param, i) => {
    if (!SERVER_NAME_PARAMS.has(param)) return true;
    const value = decodeSlashes(match[i + 1] ?? "");
    return value.split("/").length === 2;
  });
}

const decodeSlashes = (value: string) => value.replace(/%2f/gi, "/");

/** The path of an operation with its parameters filled in, server names with their slash as %2F. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}
