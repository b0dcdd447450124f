import type { Request } from "express";

/**
 * The request path as sent, still percent-encoded (so that %2F in a server name is told apart
 * from a slash), without the query and trailing slashes.
 */
export function rawPath(req: Request): string {
  return (req.originalUrl.split("?")[0] ?? "").replace(/(.)\/+$/, "$1");
}
