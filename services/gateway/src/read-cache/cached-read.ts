import type { Request, Response } from "express";
import { presentedKey } from "../accounts/presented-key.js";
import { sendJsonBody } from "../http/conditional.js";
import { sendError } from "../http/errors.js";
import { routeLabel } from "../http/metrics.js";
import { success, type Outcome } from "../http/outcome.js";
import type { CachedBody, ReadCache } from "./read-cache.js";

/** Headers of an answer that belong to its body or to the request, not to the URL. */
const PER_ANSWER = new Set(["etag", "content-length", "x-request-id", "date"]);

/**
 * Sends a kept body (a 304 when the request names its ETag) and, for an anonymous 200, keeps
 * how the URL was answered so the next anonymous GET of it is answered before the routes
 * (fast-lane.ts). Keyed requests always take the routes: they are counted per account.
 */
export function sendKept(req: Request, res: Response, reads: ReadCache, key: string, body: CachedBody): void {
  sendJsonBody(req, res, body);
  if (res.statusCode !== 200 || presentedKey(req.headers).kind !== "none") return;
  const headers = keptHeaders(res);
  reads.rememberAnswer(req.originalUrl, {
    key,
    route: routeLabel(req, res),
    headers,
    notModified: headers.filter((_, i) => headers[i - (i % 2)] !== "content-type"),
  });
}

/** A sent answer's headers but those of its body and request, as a flat name/value list. */
export function keptHeaders(res: Response): string[] {
  return Object.entries(res.getHeaders())
    .filter(([name, value]) => !PER_ANSWER.has(name) && value !== undefined)
    .flatMap(([name, value]) => [name, String(value)]);
}

/**
 * How a read is kept: its key (readKey below) and the server its body describes (null: it
 * depends on every server, as a list or a search answer does, and goes with any change).
 */
export type CachedReadSpec<T> = { key: string; serverOf: (body: T) => string | null };

/** The keys of the reads REST and MCP share, so that either fills the cache for the other. */
export const readKey = {
  descriptor: (name: string, schemas: boolean) => `descriptor ${name} ${schemas}`,
  tools: (name: string, limit: number, cursor: string | undefined) =>
    `tools ${name} ${limit} ${cursor ?? ""}`,
  connection: (name: string, target: string) => `connection ${name} ${target}`,
  quality: (name: string, days: number) => `quality ${name} ${days}`,
  /** A search's REST body: the request it answers and the detail it is given at. */
  search: (request: unknown, detail: string) => `search-body ${detail} ${JSON.stringify(request)}`,
};

type Through<T> = { hit: CachedBody } | { outcome: Outcome<T>; kept: CachedBody | undefined };

/** The cached body, or the computed outcome (a success kept under its server; errors never kept). */
async function through<T>(
  cache: ReadCache,
  spec: CachedReadSpec<T>,
  compute: () => Promise<Outcome<T>>,
): Promise<Through<T>> {
  const hit = cache.get(spec.key);
  if (hit) return { hit };
  const ticket = cache.ticket();
  const outcome = await compute();
  if (!outcome.ok) return { outcome, kept: undefined };
  return {
    outcome,
    kept: cache.keep(ticket, spec.key, spec.serverOf(outcome.body), JSON.stringify(outcome.body)),
  };
}

/** Answers a REST read from the cache when it holds it (a 304 or the body, no database read). */
export async function sendCachedRead<T>(
  req: Request,
  res: Response,
  cache: ReadCache,
  spec: CachedReadSpec<T>,
  compute: () => Promise<Outcome<T>>,
): Promise<void> {
  const read = await through(cache, spec, compute);
  if ("hit" in read) return sendKept(req, res, cache, spec.key, read.hit);
  const { outcome, kept } = read;
  if (!outcome.ok) return sendError(res, outcome.status, outcome.error, outcome.details, outcome.nextActions);
  sendKept(req, res, cache, spec.key, kept!);
}

/**
 * The same read for an MCP tool, which needs the body itself: a hit is parsed back. `onBody`
 * hears the key and ETag of the body the outcome came from (so a tool call's answer can be kept
 * with it).
 */
export async function cachedOutcome<T>(
  cache: ReadCache,
  spec: CachedReadSpec<T>,
  compute: () => Promise<Outcome<T>>,
  onBody?: (key: string, etag: string) => void,
): Promise<Outcome<T>> {
  const read = await through(cache, spec, compute);
  const body = "hit" in read ? read.hit : read.kept;
  if (body) onBody?.(spec.key, body.etag);
  return "hit" in read ? success(JSON.parse(read.hit.bytes.toString("utf8")) as T) : read.outcome;
}
