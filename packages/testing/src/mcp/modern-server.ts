import { toNodeHandler } from "@modelcontextprotocol/node";
import { Server, createMcpHandler } from "@modelcontextprotocol/server";
import { listen, type TestHttpServer } from "./listen.js";
import { page, sampleTools, type RawTool } from "./tools.js";

export type ModernServerOptions = {
  /**
   * Read on every tools/list, so a test can change the tools between probes; given the client
   * the request names (2026-07-28 requests carry it in `_meta`), so a test server can cloak.
   */
  tools?: (client: { name?: string; version?: string } | undefined) => RawTool[];
  pageSize?: number;
  path?: string;
  name?: string;
  description?: string;
  /** Wait this long before answering each request (a slow server). */
  delayMs?: number;
  /** The 2026-07-28 caching fields each tools/list page carries (SEP-2549); none when absent. */
  listCache?: { ttlMs: number; cacheScope: "public" | "private" };
};

/**
 * A 2026-07-28 server on the v2 SDK (`@modelcontextprotocol/server`): answers server/discover,
 * and, through the SDK's stateless legacy leg, the 2025 initialize handshake too.
 */
export async function startModernServer(
  options: ModernServerOptions = {},
): Promise<TestHttpServer & { url: string }> {
  const path = options.path ?? "/mcp";
  const node = modernMcpHandler(options);
  const http = await listen((req, res) => {
    if (new URL(req.url ?? "/", "http://x").pathname !== path) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    if (options.delayMs) setTimeout(() => void node(req, res), options.delayMs);
    else void node(req, res);
  });
  return { ...http, url: `${http.origin}${path}` };
}

/** The MCP endpoint of `startModernServer` as a Node handler, for servers that put something in front. */
export function modernMcpHandler(options: ModernServerOptions = {}): ReturnType<typeof toNodeHandler> {
  const tools = options.tools ?? sampleTools;
  const handler = createMcpHandler(() => {
    const server = new Server(
      {
        name: options.name ?? "modern-weather",
        version: "2.0.0",
        description: options.description ?? "Weather forecasts for cities.",
      },
      { capabilities: { tools: {} } },
    );
    server.setRequestHandler("tools/list", async (request, ctx) => {
      // The SDK hands the request's envelope (its `_meta`) over beside it.
      const envelope = (ctx.mcpReq as { envelope?: Record<string, unknown> }).envelope;
      const client = envelope?.["io.modelcontextprotocol/clientInfo"] as { name?: string } | undefined;
      const listed = page(tools(client), request.params?.cursor, options.pageSize ?? 2);
      return { ...listed, ...options.listCache } as never;
    });
    return server;
  });
  return toNodeHandler(handler);
}
