import type { RequestHandler, Response } from "express";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Set by the API-key middleware (before any router) when the request carries a valid key. */
      keyed?: boolean;
    }
  }
}

/**
 * Cache headers for a successful GET: `public, max-age, stale-while-revalidate` for shared
 * caches, or `private, no-store` for a keyed call (res.locals.keyed), which a shared cache must
 * never serve to anyone else. Express adds the weak ETag and answers 304 to a matching
 * If-None-Match; errors overwrite this with no-store.
 */
function cacheFor(res: Response, maxAgeSeconds: number): void {
  const shared = `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${maxAgeSeconds * 2}`;
  res.set("cache-control", res.locals.keyed === true ? "private, no-store" : shared);
}

export function publicCache(maxAgeSeconds: number): RequestHandler {
  return (_req, res, next) => {
    cacheFor(res, maxAgeSeconds);
    next();
  };
}

export const noStore: RequestHandler = (_req, res, next) => {
  res.set("cache-control", "no-store");
  next();
};
