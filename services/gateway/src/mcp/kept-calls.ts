import type { IncomingHttpHeaders } from "node:http";

/** A JSON-RPC id as sent: echoed exactly in the answer. */
export type RpcId = string | number;

/**
 * What identifies the answer to a single MCP `tools/call` apart from its id: the protocol
 * revision the request claims (it picks the era and so the answer's form), the tool and its
 * arguments (keys sorted). Undefined for anything else (notifications, batches, other methods,
 * params with `_meta` or more, a session), which always takes the SDK.
 */
export function callSignature(
  headers: IncomingHttpHeaders,
  body: unknown,
): { signature: string; id: RpcId } | undefined {
  if (headers["mcp-session-id"] !== undefined || !isRecord(body)) return undefined;
  const { jsonrpc, method, id, params, ...rest } = body;
  if (jsonrpc !== "2.0" || method !== "tools/call" || Object.keys(rest).length > 0) return undefined;
  if ((typeof id !== "string" && typeof id !== "number") || !isRecord(params)) return undefined;
  const { name, arguments: args = {}, ...more } = params;
  if (typeof name !== "string" || !isRecord(args) || Object.keys(more).length > 0) return undefined;
  const sorted = Object.keys(args)
    .sort()
    .map((k) => [k, args[k]]);
  const version = headers["mcp-protocol-version"] ?? "";
  return { signature: JSON.stringify([version, name, sorted]), id };
}

/** The answer to a kept call with this request's id (the SDK's answer, its id replaced). */
export function answerText(result: string, id: RpcId): string {
  return `{"result":${result},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
}

/** The result of an SDK answer worth keeping: a success (not an error result) to this id. */
export function keptResult(answer: string, id: RpcId): string | undefined {
  let message: unknown;
  try {
    message = JSON.parse(answer);
  } catch {
    return undefined;
  }
  if (!isRecord(message) || message.id !== id || message.jsonrpc !== "2.0" || !isRecord(message.result))
    return undefined;
  return message.result.isError === true ? undefined : JSON.stringify(message.result);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
