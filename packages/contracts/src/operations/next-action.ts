import type { NextAction, RestRequest } from "../next-actions.js";
import { OPERATIONS } from "./all.js";
import type { Operation } from "./operation.js";
import { fillPath, pathParams } from "./paths.js";

type Action = NextAction["action"];

/**
 * A next action: the MCP tool and its arguments, and the REST request that answers the same, so
 * a REST client follows it without knowing the tools. The request is built from the operations'
 * declarations (their `mcp` twin), never written by hand.
 */
export function nextAction(action: Action, args: Record<string, unknown>): NextAction {
  return { action, arguments: args, request: restRequest(action, args) };
}

/** The REST form of a tool call: the twin whose path parameters the arguments fill, most first. */
export function restRequest(action: Action, args: Record<string, unknown>): RestRequest {
  const op = twinOf(action, args);
  const params = pathParams(op.path);
  const inPath = Object.fromEntries(params.map((p) => [p, String(args[p])]));
  const rest = Object.entries(args).filter(([key, value]) => !params.includes(key) && value !== undefined);
  const queryKeys = new Set(Object.keys(op.query?.shape ?? {}));
  const sendsBody = op.method === "post";
  // A GET sends only what REST reads (the tools' `full` shapes MCP results alone).
  const query = rest.filter(([key]) => queryKeys.has(key));
  const body = rest.filter(([key]) => sendsBody && !queryKeys.has(key));
  const search = new URLSearchParams(
    query.map(([key, value]): [string, string] => [key, queryValue(value)]),
  ).toString();
  return {
    method: sendsBody ? "POST" : "GET",
    path: fillPath(op.path, inPath) + (search ? `?${search}` : ""),
    ...(sendsBody ? { body: Object.fromEntries(body) } : {}),
  };
}

function twinOf(action: Action, args: Record<string, unknown>): Operation {
  const fits = OPERATIONS.filter(
    (op) => op.mcp === action && pathParams(op.path).every((p) => args[p] !== undefined),
  ).sort((a, b) => pathParams(b.path).length - pathParams(a.path).length);
  if (!fits[0]) throw new Error(`no REST operation answers ${action} with ${Object.keys(args).join(", ")}`);
  return fits[0];
}

/** REST takes lists as comma lists (`class=R0,L0`) where the tools take arrays. */
const queryValue = (value: unknown): string => (Array.isArray(value) ? value.join(",") : String(value));
