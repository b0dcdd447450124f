import type { RequestHandler } from "express";

/**
 * Shared-cache headers for a successful GET. Express adds the weak ETag and answers 304 to a
 * matching If-None-Match; errors overwrite this with no-store.
 */
export function publicCache(maxAgeSeconds: number): RequestHandler {
  return (_req, res, next) => {
    res.set("cache-control", `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${maxAgeSeconds * 2}`);
    next();
  };
}

export const noStore: RequestHandler = (_req, res, next) => {
  res.set("cache-control", "no-store");
  next();
};
