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

  return {
    fetch: async (request, options) =>
      (await isLegacyRequest(request, options?.parsedBody, { maxRequestBodySize: MCP_MAX_BODY_BYTES }))
        ? legacy(request, options)
        : modernHandler().fetch(request, options),
  };
}
