import type { Request, Response } from "express";
import { presentedKey } from "../accounts/presented-key.js";
import { sendJsonBody } from "../http/conditional.js";
import { routeLabel } from "../http/metrics.js";
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
