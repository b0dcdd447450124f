import { listen, type TestHttpServer } from "./listen.js";

/** A web page, not an MCP server: answers every request with HTML. */
export async function startWebPage(): Promise<TestHttpServer & { url: string }> {
  const http = await listen((_req, res) => {
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end("<!doctype html><title>Welcome</title><h1>Hello</h1>");
  });
  return { ...http, url: `${http.origin}/mcp` };
}

/** Accepts connections and never answers. */
export async function startHangingServer(): Promise<TestHttpServer & { url: string }> {
  const http = await listen(() => undefined);
  return { ...http, url: `${http.origin}/mcp` };
}

/** Redirects every request to `location` with `status`. */
export async function startRedirectServer(
  location: string,
  status = 307,
): Promise<TestHttpServer & { url: string }> {
  const http = await listen((_req, res) => {
    res.writeHead(status, { location }).end();
  });
  return { ...http, url: `${http.origin}/mcp` };
}

/** Answers every request with an HTTP error status. */
export async function startErrorServer(status = 503): Promise<TestHttpServer & { url: string }> {
  const http = await listen((_req, res) => {
    res.writeHead(status, { "content-type": "text/plain" }).end("unavailable");
  });
  return { ...http, url: `${http.origin}/mcp` };
}
