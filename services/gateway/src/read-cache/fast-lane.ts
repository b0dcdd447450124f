import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { Metrics } from "@catalog/observability";
import proxyaddr from "proxy-addr";
import { presentedKey } from "../accounts/presented-key.js";
import { matches } from "../http/conditional.js";
import { requestIdOf } from "../http/request-id.js";
import { anonymousVerdict } from "../limits/anonymous-verdict.js";
import type { LimitsService } from "../limits/limits.service.js";
import { answerText, callSignature } from "../mcp/kept-calls.js";
import { MCP_MAX_BODY_BYTES } from "../mcp/mcp-endpoint.js";
import type { CachedBody, KeptAnswer, ReadCache } from "./read-cache.js";

export type FastLaneDeps = {
  reads: ReadCache;
  metrics: Metrics;
  /** The anonymous limits, when on. */
  limits: LimitsService | undefined;
  /** Which proxies' X-Forwarded-For to believe (the app's "trust proxy fn"): the limit's subject. */
  trust: (address: string, hop: number) => boolean;
};

type Lane = (req: IncomingMessage, res: ServerResponse, fallback: () => void) => boolean;

/**
 * In front of the app, for anonymous requests whose answer is kept: a GET or HEAD of a
 * descriptor, tool page, connection, quality or /v0.1 page answered before (sendKept), and an
 * MCP `tools/call` of get_server, get_connection or list_tools answered before (mcp.routes),
 * are answered here from the kept body, with the headers the app gave them and their own
 * request id, without Express, its middleware, the routes or the MCP SDK
 * (bench/read-api.mjs). The anonymous limit still applies (one round trip, shared with the
 * access layer); a refused request, a keyed one and anything not kept go on to the app
 * (`fallback`), which answers exactly as it would have.
 *
 * Returns whether the lane took the request (it then answers it or passes it on itself).
 */
export function fastLane(deps: FastLaneDeps): Lane {
  const reads = readLane(deps);
  const calls = callLane(deps);
  return (req, res, fallback) => {
    if (req.url === undefined || presentedKey(req.headers).kind !== "none") return false;
    return reads(req, res, fallback) || calls(req, res, fallback);
  };
}

/** Runs `answer` once the anonymous limit admits the request; else the app answers it. */
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

function readLane(deps: FastLaneDeps): Lane {
  return (req, res, fallback) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !deps.reads.answer(req.url!)) return false;
    const started = performance.now();
    admitted(deps, req, fallback, () => {
      const kept = deps.reads.answer(req.url!);
      if (!kept) return false;
      sendRead(req, res, kept);
      count(deps.metrics, kept.answer.route, req, res, started);
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

export type EarlyBody = { ok: true; value: unknown } | { ok: false };
const earlyBodies = new WeakMap<IncomingMessage, EarlyBody>();

/** The body of an MCP request the lane read but passed on, for the route to use (it is read once). */
export function earlyBody(req: IncomingMessage): EarlyBody | undefined {
  return earlyBodies.get(req);
}

function callLane(deps: FastLaneDeps): Lane {
  return (req, res, fallback) => {
    if (req.method !== "POST" || req.url !== "/mcp" || !plainJsonRpc(req.headers)) return false;
    const started = performance.now();
    readJson(req).then((early) => {
      earlyBodies.set(req, early);
      const call = early.ok ? callSignature(req.headers, early.value) : undefined;
      if (!call || !deps.reads.call(call.signature)) return fallback();
      admitted(deps, req, fallback, () => {
        const kept = deps.reads.call(call.signature);
        if (!kept) return false;
        const text = Buffer.from(answerText(kept.result, call.id));
        const id = requestIdOf(req.headers["x-request-id"]);
        res.writeHead(200, [...kept.headers, "content-length", String(text.length), "x-request-id", id]);
        res.end(text);
        count(deps.metrics, "/mcp", req, res, started);
        return true;
      });
    }, fallback);
    return true;
  };
}

/**
 * A body of known, acceptable length in JSON, from a client that takes JSON and event streams
 * (what the route's negotiation admits, in its plainest form; anything else takes the route).
 */
function plainJsonRpc(headers: IncomingHttpHeaders): boolean {
  const length = Number(headers["content-length"]);
  if (!(length > 0 && length <= MCP_MAX_BODY_BYTES) || headers["transfer-encoding"] !== undefined)
    return false;
  if (!/^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(headers["content-type"] ?? "")) return false;
  const accepted = (headers.accept ?? "").split(",").map((t) => t.trim().toLowerCase());
  return accepted.includes("application/json") && accepted.includes("text/event-stream");
}

function readJson(req: IncomingMessage): Promise<EarlyBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("error", reject);
    req.once("end", () => {
      try {
        resolve({ ok: true, value: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      } catch {
        resolve({ ok: false });
      }
    });
  });
}

function count(metrics: Metrics, route: string, req: IncomingMessage, res: ServerResponse, started: number) {
  const labels = { route, method: req.method!, status: String(res.statusCode) };
  metrics.fastLaneAnswers.inc();
  metrics.httpRequests.inc(labels);
  metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
}
