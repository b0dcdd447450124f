import http from "node:http";

export type HealthCheck = () => Promise<Record<string, boolean>>;

/**
 * The small HTTP server of a worker service: /healthz (liveness and readiness, backed by real
 * dependency checks) and whatever extra routes the service adds.
 */
export function startHealthServer(
  port: number,
  check: HealthCheck,
  routes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>> = {},
): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    try {
      if (path === "/healthz" || path === "/readyz") {
        const deps = await check();
        const ok = Object.values(deps).every(Boolean);
        res.writeHead(ok ? 200 : 503, { "content-type": "application/json", "cache-control": "no-store" });
        res.end(JSON.stringify({ ok, ...deps }));
        return;
      }
      if (path === "/livez") {
        res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
        res.end(JSON.stringify({ ok: true }));
        return;
      }
      const route = routes[path];
      if (route) return await route(req, res);
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "not_found" }));
    } catch {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "internal" }));
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve(server));
  });
}
