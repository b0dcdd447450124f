import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { listen, type TestHttpServer } from "./listen.js";
import { page, sampleTools, type RawTool } from "./tools.js";

export type LegacyServerOptions = { tools?: () => RawTool[]; pageSize?: number; path?: string };

/** A 2025-11-25 server on the 1.x SDK: streamable HTTP, stateless, initialize handshake only. */
export async function startLegacyServer(
  options: LegacyServerOptions = {},
): Promise<TestHttpServer & { url: string }> {
  const tools = options.tools ?? sampleTools;
  const path = options.path ?? "/mcp";
  const http = await listen(async (req, res) => {
    if (new URL(req.url ?? "/", "http://x").pathname !== path) {
      res.writeHead(404).end("not found");
      return;
    }
    const server = new Server({ name: "legacy-weather", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(
      ListToolsRequestSchema,
      async (request) => page(tools(), request.params?.cursor, options.pageSize ?? 2) as never,
    );
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on("close", () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  return { ...http, url: `${http.origin}${path}` };
}
