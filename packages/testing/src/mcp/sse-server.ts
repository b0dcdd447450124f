import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { listen, type TestHttpServer } from "./listen.js";
import { sampleTools, type RawTool } from "./tools.js";

/** A server that only speaks the legacy HTTP+SSE transport (GET /sse, POST /messages). */
export async function startSseServer(
  tools: () => RawTool[] = sampleTools,
): Promise<TestHttpServer & { url: string }> {
  const sessions = new Map<string, SSEServerTransport>();
  const http = await listen(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method === "GET" && url.pathname === "/sse") {
      const transport = new SSEServerTransport("/messages", res);
      sessions.set(transport.sessionId, transport);
      res.on("close", () => sessions.delete(transport.sessionId));
      const server = new Server({ name: "sse-weather", version: "0.9.0" }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools() }));
      await server.connect(transport);
      return;
    }
    const session = sessions.get(url.searchParams.get("sessionId") ?? "");
    if (req.method === "POST" && url.pathname === "/messages" && session) {
      await session.handlePostMessage(req, res);
      return;
    }
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  return { ...http, url: `${http.origin}/sse` };
}
