import type { FetchLikeMcpHandler } from "@modelcontextprotocol/node";
import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type McpHandlerRequestOptions,
  type McpHttpHandler,
  type McpServer,
} from "@modelcontextprotocol/server";
import { callerOf, type Caller } from "./caller.js";

/** MCP requests are small JSON-RPC messages; tool arguments never come near this. */
export const MCP_MAX_BODY_BYTES = 64 * 1024;

/** The most messages one JSON-RPC batch may hold (the SDK's own bound). */
const MCP_MAX_BATCH = 100;

/**
 * Counts the messages of a batch beyond the first, which the API access layer has counted like
 * any request. Returns the answer that refuses the batch (429), or undefined to serve it.
 */
export type BatchCounter = (caller: Caller, extra: number) => Promise<Response | undefined>;

export type McpEndpointOptions = {
  /**
   * How batches of more than one message are counted. Without it such batches are refused:
   * only the 2025-03-26 revision had batches (2025-06-18 removed them), and a batch must never
   * cost what one call costs.
   */
  countBatch?: BatchCounter;
};

/**
 * Both protocol eras on one stateless endpoint, every answer plain JSON (DECISIONS.md section
 * 7): 2026-07-28 traffic (server/discover, per-request `_meta`, the standard headers) through
 * the SDK's modern handler in `json` mode; 2025-era traffic (initialize, or a single call
 * without it) through a streamable HTTP transport with JSON responses, one per request. The
 * SDK's own stateless legacy fallback would answer with event streams.
 */
export function mcpEndpoint(
  serverFor: (caller: Caller) => McpServer,
  onerror: (error: Error) => void,
  options: McpEndpointOptions = {},
): FetchLikeMcpHandler {
  // Made on the first request: creating it in `json` mode logs a notice, which a gateway that
  // never serves MCP (most tests) need not print.
  let modern: McpHttpHandler | undefined;
  const modernHandler = () =>
    (modern ??= createMcpHandler((ctx) => serverFor(callerOf(ctx.authInfo)), {
      legacy: "reject",
      responseMode: "json",
      maxRequestBodySize: MCP_MAX_BODY_BYTES,
      onerror,
    }));

  const legacy = async (request: Request, options?: McpHandlerRequestOptions): Promise<Response> => {
    const server = serverFor(callerOf(options?.authInfo));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: MCP_MAX_BODY_BYTES,
    });
    server.server.onerror = onerror;
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, options);
    } finally {
      await server.close();
    }
  };

  const serve = async (request: Request, opts?: McpHandlerRequestOptions): Promise<Response> =>
    (await isLegacyRequest(request, opts?.parsedBody, { maxRequestBodySize: MCP_MAX_BODY_BYTES }))
      ? legacy(request, opts)
      : modernHandler().fetch(request, opts);

  /**
   * A JSON-RPC batch: every message counts against the limits like a request of its own, and
   * the answer is an array even when it holds one response. Empty, oversized and ambiguous
   * batches (two requests with one id, whose answers could not be told apart) are refused whole.
   */
  const batch = async (
    messages: unknown[],
    request: Request,
    opts: McpHandlerRequestOptions | undefined,
  ): Promise<Response> => {
    if (messages.length === 0) return rpcError(400, "Invalid Request: the batch is empty");
    if (messages.length > MCP_MAX_BATCH)
      return rpcError(400, `Invalid Request: a batch holds at most ${MCP_MAX_BATCH} messages`);
    const ids = messages.filter(isRequest).map((m) => m.id);
    if (new Set(ids).size !== ids.length)
      return rpcError(400, "Invalid Request: the requests of a batch need distinct ids");
    if (messages.length > 1) {
      if (!options.countBatch)
        return rpcError(400, "Invalid Request: batches are not accepted here; send one message per request");
      const refused = await options.countBatch(callerOf(opts?.authInfo), messages.length - 1);
      if (refused) return refused;
    }
    return asBatchAnswer(await serve(request, opts), ids);
  };

  const answer = (request: Request, opts?: McpHandlerRequestOptions): Promise<Response> =>
    Array.isArray(opts?.parsedBody) ? batch(opts.parsedBody, request, opts) : serve(request, opts);

  return {
    fetch: async (request, opts) => {
      const response = await answer(request, opts);
      // A caller that keeps answers hears this one's text (a copy: the response is sent as it is).
      const noteAnswer = callerOf(opts?.authInfo).noteAnswer;
      if (noteAnswer) noteAnswer(await response.clone().text());
      return response;
    },
  };
}

type RpcRequest = { method: string; id: string | number };

function isRequest(message: unknown): message is RpcRequest {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return false;
  const { method, id } = message as Record<string, unknown>;
  return typeof method === "string" && (typeof id === "string" || typeof id === "number");
}

/** A refusal of the whole request, as the SDK words its own: one error object, id null. */
function rpcError(status: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code: -32600, message }, id: null }, { status });
}

/**
 * The SDK answers a batch holding one request with the bare response; JSON-RPC answers a batch
 * with an array. Refusals of the batch as a whole (HTTP errors, id null) stay single objects,
 * as JSON-RPC has them; answers without a JSON body (202 to notifications) pass unchanged.
 */
async function asBatchAnswer(response: Response, ids: (string | number)[]): Promise<Response> {
  if (!/^application\/json/i.test(response.headers.get("content-type") ?? "")) return response;
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: response.status, headers });
  }
  const answersOne =
    response.ok &&
    typeof body === "object" &&
    body !== null &&
    !Array.isArray(body) &&
    ids.includes((body as RpcRequest).id);
  return new Response(answersOne ? JSON.stringify([body]) : text, { status: response.status, headers });
}
