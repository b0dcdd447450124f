import type { NextAction, RestRequest } from "../next-actions.js";
import { HANDLED_OPERATIONS, type HandledOperation } from "./all.js";
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

/** The REST form of a tool call: what the tool calls, as a request. */
export function restRequest(action: Action, args: Record<string, unknown>): RestRequest {
  const op = twinOperation(action, args);
  const { params, query, body } = operationInput(op, args);
  const inPath = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, queryValue(value)]),
  ).toString();
  return {
    method: body ? "POST" : "GET",
    path: fillPath(op.path, inPath) + (search ? `?${search}` : ""),
    ...(body && { body }),
  };
}

/** The operation a tool call goes to: the twin whose path parameters the arguments fill, most first. */
export function twinOperation(action: Action, args: Record<string, unknown>): HandledOperation {
  const fits = HANDLED_OPERATIONS.filter(
    (op: Operation) => op.mcp?.name === action && pathParams(op.path).every((p) => args[p] !== undefined),
  ).sort((a, b) => pathParams(b.path).length - pathParams(a.path).length);
  if (!fits[0]) throw new Error(`no REST operation answers ${action} with ${Object.keys(args).join(", ")}`);
  return fits[0];
}

/** A tool call's arguments as its operation takes them, each part by name. */
export type OperationInput = {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
};

/**
 * The arguments named like the path's parameters and the query's fields go there; the rest are
 * a POST's body, while a GET sends only what REST reads (the tool's own, such as `full`, shape
 * MCP results alone).
 */
export function operationInput(op: Operation, args: Record<string, unknown>): OperationInput {
  const params = new Set(pathParams(op.path));
  const queryKeys = new Set(Object.keys(op.query?.shape ?? {}));
  const sent = Object.entries(args).filter(([, value]) => value !== undefined);
  const part = (keep: (key: string) => boolean) => Object.fromEntries(sent.filter(([key]) => keep(key)));
  return {
    params: part((key) => params.has(key)),
    query: part((key) => queryKeys.has(key)),
    body: op.method === "post" ? part((key) => !params.has(key) && !queryKeys.has(key)) : undefined,
  };
}

/** REST takes lists as comma lists (`class=R0,L0`) where the tools take arrays. */
const queryValue = (value: unknown): string => (Array.isArray(value) ? value.join(",") : String(value));
