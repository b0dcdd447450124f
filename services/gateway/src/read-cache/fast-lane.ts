import type { RequestHandler } from "express";
import type { Metrics } from "@catalog/observability";
import { presentedKey } from "../accounts/presented-key.js";
import { matches } from "../http/conditional.js";
import { requestIdOf } from "../http/request-id.js";
import { anonymousVerdict } from "../limits/anonymous-verdict.js";
import type { LimitsService } from "../limits/limits.service.js";
import type { ReadCache } from "./read-cache.js";

/**
 * First in the app: an anonymous GET or HEAD of a URL whose answer is kept (a descriptor, tool
 * page, connection, quality or /v0.1 page answered before, see sendKept) is answered here, with
 * the headers the routes gave it, its ETag (a 304 when the request names it) and its own request
 * id, without the middleware and routes in between. The anonymous limit still applies (one
 * round trip, shared with the access layer); a refused request, a keyed one and anything not
 * kept go on to the routes, which answer exactly as before.
 */
export function fastLane(
  reads: ReadCache,
  deps: { limits?: LimitsService; metrics: Metrics },
): RequestHandler {
  return async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !reads.answer(req.url)) return next();
    if (presentedKey(req.headers).kind !== "none") return next();
    const started = performance.now();
    if (deps.limits && (await anonymousVerdict(deps.limits, req)).refused) return next();
    // Asked again: a change may have dropped the body during the limiter's round trip.
    const kept = reads.answer(req.url);
    if (!kept) return next();
    const { answer, body } = kept;
    const id = requestIdOf(req.headers["x-request-id"]);
    const condition = req.headers["if-none-match"];
    if (condition && matches(condition, body.etag)) {
      const { "content-type": _, ...headers } = answer.headers;
      res.writeHead(304, { ...headers, etag: body.etag, "x-request-id": id }).end();
    } else {
      res.writeHead(200, {
        ...answer.headers,
        etag: body.etag,
        "content-length": body.bytes.length,
        "x-request-id": id,
      });
      res.end(req.method === "HEAD" ? undefined : body.bytes);
    }
    const labels = { route: answer.route, method: req.method, status: String(res.statusCode) };
    deps.metrics.fastLaneAnswers.inc();
    deps.metrics.httpRequests.inc(labels);
    deps.metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
  };
}
