import type { Request, RequestHandler, Response } from "express";
import { matchPath, OPERATIONS } from "@catalog/contracts";
import type { Metrics } from "@catalog/observability";

/**
 * The label of a request's route: its declared path template, never the raw path (which would
 * give every server name its own series). Requests no route answered are "unmatched" (the 404
 * handler says so).
 */
export function routeLabel(req: Request, res: Response): string {
  if (res.locals.unmatched) return "unmatched";
  return matchPath(OPERATIONS, req.originalUrl)?.path ?? "unmatched";
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
