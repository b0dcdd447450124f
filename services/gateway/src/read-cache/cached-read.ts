import type { Request, Response } from "express";
import { sendJsonBody } from "../http/conditional.js";
import { sendError } from "../http/errors.js";
import { success, type Outcome } from "../http/outcome.js";
import type { CachedBody, ReadCache } from "./read-cache.js";

/** How a read is kept: its key (readKey below) and the server its body describes. */
export type CachedReadSpec<T> = { key: string; serverOf: (body: T) => string };

/** The keys of the reads REST and MCP share, so that either fills the cache for the other. */
export const readKey = {
  descriptor: (name: string, schemas: boolean) => `descriptor ${name} ${schemas}`,
  tools: (name: string, limit: number, cursor: string | undefined) =>
    `tools ${name} ${limit} ${cursor ?? ""}`,
  connection: (name: string, target: string) => `connection ${name} ${target}`,
  quality: (name: string, days: number) => `quality ${name} ${days}`,
};

type Through<T> = { hit: CachedBody } | { outcome: Outcome<T>; kept?: CachedBody };

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
  if (!outcome.ok) return { outcome };
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
  if ("hit" in read) return sendJsonBody(req, res, read.hit);
  const { outcome, kept } = read;
  if (!outcome.ok) return sendError(res, outcome.status, outcome.error, outcome.details, outcome.nextActions);
  sendJsonBody(req, res, kept!);
}

/** The same read for an MCP tool, which needs the body itself: a hit is parsed back. */
export async function cachedOutcome<T>(
  cache: ReadCache,
  spec: CachedReadSpec<T>,
  compute: () => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const read = await through(cache, spec, compute);
  return "hit" in read ? success(JSON.parse(read.hit.text) as T) : read.outcome;
}
