import type { Request, RequestHandler, Response } from "express";
import type { Metrics } from "@catalog/observability";

/** Paths whose routers match by hand (names with a slash): their patterns, for labels. */
const PATTERNS: [RegExp, string][] = [
  [/^\/v1\/servers\/.+\/(tools\/history|tools|connection|quality|dependencies)$/, "/v1/servers/{name}/$1"],
  [/^\/v1\/servers\/.+$/, "/v1/servers/{name}"],
  [/^\/v0\.1\/servers\/.+\/versions\/[^/]+$/, "/v0.1/servers/{name}/versions/{version}"],
  [/^\/v0\.1\/servers\/.+\/versions$/, "/v0.1/servers/{name}/versions"],
  [/^\/v1\/check\/[^/]+$/, "/v1/check/{id}"],
  [/^\/check\/[^/]+$/, "/check/{id}"],
  [/^\/account\/keys\/[^/]+\/revoke$/, "/account/keys/{id}/revoke"],
  [/^\/admin\/queues(\/.*)?$/, "/admin/queues"],
];

/**
 * The label of a request's route: its pattern, never the raw path (which would give every server
 * name its own series). Requests no route answered are "unmatched" (the 404 handler says so).
 */
export function routeLabel(req: Request, res: Response): string {
  if (res.locals.unmatched) return "unmatched";
  if (req.route?.path) return `${req.baseUrl}${String(req.route.path)}`;
  const path = req.originalUrl.split("?")[0] ?? "";
  for (const [pattern, label] of PATTERNS) if (pattern.test(path)) return path.replace(pattern, label);
  return "unmatched";
}

/** Counts and times every request by route pattern, method and status. */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on("finish", () => {
      const labels = { route: routeLabel(req, res), method: req.method, status: String(res.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
    });
    next();
  };
}
