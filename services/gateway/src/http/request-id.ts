import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      id: string;
    }
  }
}

/** A request's id: a sane incoming X-Request-Id is kept, anything else replaced by a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && /^[A-Za-z0-9._-]{8,128}$/.test(incoming) ? incoming : randomUUID();
}

/** Every request gets an id that logs and jobs carry. */
export const requestId: RequestHandler = (req, res, next) => {
  req.id = requestIdOf(req.headers["x-request-id"]);
  res.set("x-request-id", req.id);
  next();
};
