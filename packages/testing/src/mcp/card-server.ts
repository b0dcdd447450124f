import { listen, type TestHttpServer } from "./listen.js";
import { modernMcpHandler, type ModernServerOptions } from "./modern-server.js";

/** What one path answers besides the MCP endpoint: a status, a body, headers. */
export type CardAnswer = { status?: number; body: string; headers?: Record<string, string> };

/**
 * A 2026-07-28 server (the v2 SDK) at `/mcp` that also answers the paths of `answers` (a
 * server card at one of its locations, a redirect, something malformed); every other path 404s.
 */
export async function startCardServer(
  answers: Record<string, CardAnswer>,
  options: ModernServerOptions = {},
): Promise<TestHttpServer & { url: string }> {
  const mcp = modernMcpHandler(options);
  const http = await listen((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/mcp") return void mcp(req, res);
    const answer = answers[path];
    if (!answer) return void res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    res
      .writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers })
      .end(answer.body);
  });
  return { ...http, url: `${http.origin}/mcp` };
}
