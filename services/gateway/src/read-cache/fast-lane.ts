import type { IncomingMessage, ServerResponse } from "node:http";
import type { Metrics } from "@catalog/observability";
import proxyaddr from "proxy-addr";
import { presentedKey } from "../accounts/presented-key.js";
import { matches } from "../http/conditional.js";
import { requestIdOf } from "../http/request-id.js";
import { anonymousVerdict } from "../limits/anonymous-verdict.js";
import type { LimitsService } from "../limits/limits.service.js";
import type { CachedBody, KeptAnswer, ReadCache } from "./read-cache.js";

export type FastLaneDeps = {
  reads: ReadCache;
  metrics: Metrics;
  /** The anonymous limits, when on. */
  limits: LimitsService | undefined;
  /** Which proxies' X-Forwarded-For to believe (the app's "trust proxy fn"): the limit's subject. */
  trust: (address: string, hop: number) => boolean;
};

/**
 * In front of the app: an anonymous GET or HEAD of a URL whose answer is kept (a descriptor,
 * tool page, connection, quality or /v0.1 page answered before, see sendKept) is answered here,
 * with the headers the routes gave it, its ETag (a 304 when the request names it) and its own
 * request id, without Express, its middleware or the routes: a third of the cost of the
 * lightest Express answer (bench/read-api.mjs). The anonymous limit still applies (one round
 * trip, shared with the access layer); a refused request, a keyed one and anything not kept go
 * on to the app (`fallback`), which answers exactly as it would have.
 *
 * Returns whether the lane took the request (it then answers it or passes it on itself).
 */
export function fastLane(deps: FastLaneDeps) {
  return (req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.url === undefined) return false;
    const kept = deps.reads.answer(req.url);
    if (!kept || presentedKey(req.headers).kind !== "none") return false;
    if (!deps.limits) {
      send(req, res, kept, deps.metrics, performance.now());
      return true;
    }
    const started = performance.now();
    const url = req.url;
    anonymousVerdict(deps.limits, req, proxyaddr(req, deps.trust)).then((verdict) => {
      // Asked again: a change may have dropped the body during the limiter's round trip.
      const still = verdict.refused ? undefined : deps.reads.answer(url);
      if (still) send(req, res, still, deps.metrics, started);
      else fallback();
    }, fallback);
    return true;
  };
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  { answer, body }: { answer: KeptAnswer; body: CachedBody },
  metrics: Metrics,
  started: number,
): void {
  const id = requestIdOf(req.headers["x-request-id"]);
  const condition = req.headers["if-none-match"];
  if (condition && matches(condition, body.etag)) {
    res.writeHead(304, [...answer.notModified, "etag", body.etag, "x-request-id", id]).end();
  } else {
    res.writeHead(200, [
      ...answer.headers,
      "etag",
      body.etag,
      "content-length",
      String(body.bytes.length),
      "x-request-id",
      id,
    ]);
    res.end(req.method === "HEAD" ? undefined : body.bytes);
  }
  const labels = { route: answer.route, method: req.method!, status: String(res.statusCode) };
  metrics.fastLaneAnswers.inc();
  metrics.httpRequests.inc(labels);
  metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
}
