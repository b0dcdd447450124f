import type { RequestHandler } from "express";
import type { Metrics } from "@catalog/observability";

/**
 * Counts and times every request by its route pattern (never the raw path, which would give
 * every server name its own series); requests that match no route are "unmatched".
 */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on("finish", () => {
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : "unmatched";
      const labels = { route, method: req.method, status: String(res.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
    });
    next();
  };
}
