import http from "node:http";

export type HealthCheck = () => Promise<Record<string, boolean>>;

/**
 * A health check whose verdict is reused for `ttlMs` and never run twice at once: a flood of
 * /healthz requests costs each dependency at most one ping per `ttlMs` per process, and a
 * recovered dependency shows within `ttlMs` plus one ping.
 */
export function cachedCheck(check: HealthCheck, ttlMs = 1000): HealthCheck {
  let last: { at: number; verdict: Promise<Record<string, boolean>> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= ttlMs) {
      const verdict = check();
      last = { at: now, verdict };
      // A check that throws is not kept: the next request checks again.
      verdict.catch(() => {
        if (last?.verdict === verdict) last = undefined;
      });
    }
    return last.verdict;
  };
}

/**
 * The small HTTP server of a worker service: /healthz (liveness and readiness, backed by real
 * dependency checks, their verdict cached for a second) and whatever extra routes the service adds.
 */
export function startHealthServer(
  port: number,
  uncached: HealthCheck,
  routes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>> = {},
  /** Said in every /healthz answer beside the checks (what the process is set to do, what it saw). */
  about: Record<string, unknown> | (() => Record<string, unknown>) = {},
): Promise<http.Server> {
  const check = cachedCheck(uncached);
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    try {
      if (path === "/healthz" || path === "/readyz") {
        const deps = await check();
        const ok = Object.values(deps).every(Boolean);
        res.writeHead(ok ? 200 : 503, { "content-type": "application/json", "cache-control": "no-store" });
        res.end(JSON.stringify({ ok, ...deps, ...(typeof about === "function" ? about() : about) }));
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
      // Too late for a 500 once a route has sent its headers: cut the answer short instead.
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "internal" }));
    }
  };
  // Not waited for: answer() catches what a check or route throws and answers 500.
  const server = http.createServer((req, res) => void answer(req, res));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve(server));
  });
}
