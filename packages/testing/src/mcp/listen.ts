import http from "node:http";
import type { AddressInfo } from "node:net";

export type TestHttpServer = {
  /** Base URL, `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  /** Every request seen, as `METHOD /path`, plus the MCP method header when present. */
  requests: { method: string; path: string; mcpMethod: string | undefined; userAgent: string | undefined }[];
  /** The most requests this server was answering at the same time. */
  maxInFlight: () => number;
  close: () => Promise<void>;
};

/** An HTTP server on a free loopback port that records what it was asked. */
export async function listen(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>,
): Promise<TestHttpServer> {
  const requests: TestHttpServer["requests"] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.once("close", () => inFlight--);
    const header = req.headers["mcp-method"];
    requests.push({
      method: req.method ?? "GET",
      path: req.url ?? "/",
      mcpMethod: Array.isArray(header) ? header[0] : header,
      userAgent: req.headers["user-agent"],
    });
    // Not waited for: a handler that fails answers 500, or cuts an answer it has begun.
    void Promise.resolve()
      .then(() => handler(req, res))
      .catch(() => (res.headersSent ? res.destroy() : res.writeHead(500).end()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    maxInFlight: () => maxInFlight,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
