import type { Request, Response } from "express";

type ETagFn = (body: string, encoding: BufferEncoding) => string | undefined;

/** Weak comparison (RFC 9110 8.8.3.2): the opaque tags match, W/ prefixes aside. */
function matches(ifNoneMatch: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/**
 * Sends a JSON text with the app's weak ETag, or 304 when If-None-Match names it. The condition
 * is evaluated whatever the request's Cache-Control says (RFC 9110 13.2.2): fetch() adds
 * `no-cache` to every conditional request, and Express's freshness check would then never
 * answer 304.
 */
export function sendJsonText(req: Request, res: Response, text: string): void {
  const etag = (req.app.get("etag fn") as ETagFn | undefined)?.(text, "utf8");
  if (etag) {
    res.set("etag", etag);
    const condition = req.get("if-none-match");
    if (condition && matches(condition, etag)) {
      res.status(304).end();
      return;
    }
  }
  res.type("application/json").send(text);
}
