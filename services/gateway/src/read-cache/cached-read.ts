import type { Request, Response } from "express";
import { sendJsonBody } from "../http/conditional.js";
import { sendError } from "../http/errors.js";
import type { Outcome } from "../http/outcome.js";
import type { ReadCache } from "./read-cache.js";

/**
 * Answers a read from the cache when it holds it (a 304 or the body, no database read), else
 * computes it and keeps a success under the server it describes; errors are never kept.
 */
export async function sendCachedRead<T>(
  req: Request,
  res: Response,
  cache: ReadCache,
  read: { key: string; serverOf: (body: T) => string },
  compute: () => Promise<Outcome<T>>,
): Promise<void> {
  const hit = cache.get(read.key);
  if (hit) return sendJsonBody(req, res, hit);
  const ticket = cache.ticket();
  const outcome = await compute();
  if (!outcome.ok) return sendError(res, outcome.status, outcome.error, outcome.details, outcome.nextActions);
  const server = read.serverOf(outcome.body);
  sendJsonBody(req, res, cache.keep(ticket, read.key, server, JSON.stringify(outcome.body)));
}
