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

/** What the fast lane gives each of its lanes. */
export type LaneContext = {
  reads: ReadCache;
  /**
   * Runs `answer` once the anonymous limit admits the request; a refused request, or an answer
   * that returns false (its body went meanwhile), goes to `fallback`.
   */
  admit: (req: IncomingMessage, fallback: () => void, answer: () => boolean) => void;
  /** Counts an answer given in the lane in the metrics, as the app counts its own. */
  answered: (route: string, req: IncomingMessage, res: ServerResponse, started: number) => void;
};

/**
 * A way to answer a kind of anonymous request from kept bodies. Returns whether it took the
 * request: it then answers it, or hands it to `fallback` (the app) itself.
 */
export type Lane = (req: IncomingMessage, res: ServerResponse, fallback: () => void) => boolean;

/**
 * In front of the app, for anonymous requests whose answer is kept: a GET or HEAD of a URL
 * answered from a kept body before (cached-read.ts), and whatever the other lanes take (an MCP
 * tool call answered before: mcp/kept-call-lane.ts), are answered here with the headers the app
 * gave them and their own request id, without Express, its middleware or the routes
 * (bench/read-api.mjs). The anonymous limit still applies (one round trip, shared with the access
 * layer); a refused request, a keyed one and anything not kept go on to the app, which answers
 * exactly as it would have.
 */
export function fastLane(
  deps: FastLaneDeps,
  lanes: ((context: LaneContext) => Lane)[],
): (req: IncomingMessage, res: ServerResponse, app: () => void) => void {
  const context: LaneContext = {
    reads: deps.reads,
    admit: (req, fallback, answer) => admitted(deps, req, fallback, answer),
    answered: (route, req, res, started) => count(deps.metrics, route, req, res, started),
  };
  const taken = [readLane(context), ...lanes.map((lane) => lane(context))];
  return (req, res, app) => {
    const anonymous = req.url !== undefined && presentedKey(req.headers).kind === "none";
    if (!anonymous || !taken.some((lane) => lane(req, res, app))) app();
  };
}

function admitted(
  deps: FastLaneDeps,
  req: IncomingMessage,
  fallback: () => void,
  answer: () => boolean,
): void {
  if (!deps.limits) {
    if (!answer()) fallback();
    return;
  }
  anonymousVerdict(deps.limits, req, proxyaddr(req, deps.trust)).then(
    // The answer is looked up again: a change may have dropped it during the round trip.
    (verdict) => (verdict.refused || !answer()) && fallback(),
    fallback,
  );
}

/** GETs and HEADs of a URL whose answer is kept. */
function readLane({ reads, admit, answered }: LaneContext): Lane {
  return (req, res, fallback) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !reads.answer(req.url!)) return false;
    const started = performance.now();
    admit(req, fallback, () => {
      const kept = reads.answer(req.url!);
      if (!kept) return false;
      sendRead(req, res, kept);
      answered(kept.answer.route, req, res, started);
      return true;
    });
    return true;
  };
}

function sendRead(req: IncomingMessage, res: ServerResponse, kept: { answer: KeptAnswer; body: CachedBody }) {
  const { answer, body } = kept;
  const id = requestIdOf(req.headers["x-request-id"]);
  const condition = req.headers["if-none-match"];
  if (condition && matches(condition, body.etag)) {
    res.writeHead(304, [...answer.notModified, "etag", body.etag, "x-request-id", id]).end();
    return;
  }
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

function count(metrics: Metrics, route: string, req: IncomingMessage, res: ServerResponse, started: number) {
  const labels = { route, method: req.method!, status: String(res.statusCode) };
  metrics.fastLaneAnswers.inc();
  metrics.httpRequests.inc(labels);
  metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
}
