import type { Request, Response } from "express";
import etag from "etag";

/** A rendered JSON body with its weak ETag (as Express makes them), as text or kept encoded. */
export type JsonBody = { etag: string } & ({ text: string } | { bytes: Buffer });

export const weakEtag = (text: string): string => etag(text, { weak: true });

/** Weak comparison (RFC 9110 8.8.3.2): the opaque tags match, W/ prefixes aside. */
export function matches(ifNoneMatch: string, tag: string): boolean {
  const opaque = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || opaque(t) === opaque(tag));
}

/**
 * Sends a JSON text with its weak ETag, or 304 when If-None-Match names it. The condition
 * is evaluated whatever the request's Cache-Control says (RFC 9110 13.2.2): fetch() adds
 * `no-cache` to every conditional request, and Express's freshness check would then never
 * answer 304.
 */
export function sendJsonText(req: Request, res: Response, text: string): void {
  sendJsonBody(req, res, { text, etag: weakEtag(text) });
}

/** The same for a body whose ETag is known (a cached read): a 304 costs no work at all. */
export function sendJsonBody(req: Request, res: Response, body: JsonBody): void {
  res.set("etag", body.etag);
  const condition = req.get("if-none-match");
  if (condition && matches(condition, body.etag)) {
    res.status(304).end();
    return;
  }
  res.type("application/json").send("bytes" in body ? body.bytes : body.text);
}
