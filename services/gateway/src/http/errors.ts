import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import { nextAction, type ErrorBody, type NextAction, type Problem } from "@catalog/contracts";
import type { Logger } from "@catalog/observability";
import { failureKind } from "@catalog/queue";
import type { z } from "zod";

/** The error body of REST and of MCP tool errors: `{error, ...details, next_actions}`. */
export function errorBody(
  error: string,
  details: Record<string, unknown> = {},
  nextActions: NextAction[] = [],
): ErrorBody {
  return { error, ...details, next_actions: nextActions };
}

/** A REST error, never cached; a `retry_after` in the body is also the retry-after header. */
export function sendError(
  res: Response,
  status: number,
  error: string,
  details: Record<string, unknown> = {},
  nextActions: NextAction[] = [],
): void {
  if (typeof details.retry_after === "number") res.set("retry-after", String(details.retry_after));
  res
    .status(status)
    .set("cache-control", "no-store")
    .json(errorBody(error, details, nextActions));
}

/** Seconds a client is asked to wait when a dependency is away. */
const UNAVAILABLE_RETRY_AFTER = 5;

/** A failure a moment's wait may cure: not the request's fault, nor a bug. */
export class TemporarilyUnavailable extends Error {}

/**
 * Whether an unexpected failure is an outage (PostgreSQL or Redis away, restarting or
 * overloaded; a contended claim) rather than a bug: it then answers 503 `service_unavailable`
 * with retry-after, so that clients wait and try again instead of reporting a defect.
 */
export function isUnavailable(err: unknown): boolean {
  return err instanceof TemporarilyUnavailable || failureKind(err) === "transient";
}

/** The details of a 503 `service_unavailable`. */
export const unavailableDetails = () => ({ retry_after: UNAVAILABLE_RETRY_AFTER });

/** A registry-passthrough error: the official API's application/problem+json body. */
export function sendProblem(res: Response, problem: Problem): void {
  res
    .status(problem.status)
    .set("cache-control", "no-store")
    .type("application/problem+json")
    .send(JSON.stringify(problem));
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  404: "Not Found",
  422: "Unprocessable Entity",
};

export function problem(status: number, detail: string, errors?: Problem["errors"]): Problem {
  return { title: TITLES[status] ?? "Error", status, detail, ...(errors ? { errors } : {}) };
}

/** zod issues as the official API words validation errors (`expected number <= 100`, location `query.limit`). */
export function validationProblem(error: z.ZodError, query: Record<string, unknown>): Problem {
  const errors = error.issues.map((issue) => {
    const field = String(issue.path[0] ?? "");
    const bound = issue as { minimum?: unknown; maximum?: unknown };
    const message =
      issue.code === "too_small"
        ? `expected number >= ${String(bound.minimum)}`
        : issue.code === "too_big"
          ? `expected number <= ${String(bound.maximum)}`
          : issue.message;
    return { message, location: `query.${field}`, value: query[field] };
  });
  return problem(422, "validation failed", errors);
}

/** Words of a path, as a search to suggest when a route does not exist. */
function searchFromPath(path: string): string {
  const words = path
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 1 && !/^v\d/.test(w))
    .join(" ");
  return words === "" ? "mcp server" : words.slice(0, 100);
}

export const notFound: RequestHandler = (req, res) => {
  res.locals.unmatched = true;
  sendError(res, 404, "not_found", {}, [nextAction("search", { q: searchFromPath(req.path) })]);
};

/**
 * What Express and body-parser refuse before a handler runs, in the documented shapes: a body
 * too large or of another type, broken JSON, broken percent-encoding in the path.
 */
function refusal(err: { type?: unknown; status?: unknown; message?: unknown }): {
  status: number;
  error: string;
  details: Record<string, unknown>;
} {
  const issue = (field: string, message: string) => ({ issues: { fieldErrors: { [field]: [message] } } });
  if (err.type === "entity.too.large") return { status: 413, error: "payload_too_large", details: {} };
  if (err.status === 415 || err.type === "charset.unsupported" || err.type === "encoding.unsupported")
    return { status: 415, error: "unsupported_media_type", details: {} };
  if (err.type === "entity.parse.failed")
    return { status: 400, error: "bad_request", details: issue("body", "malformed JSON") };
  if (err instanceof URIError || /decode/i.test(String(err.message)))
    return { status: 400, error: "bad_request", details: issue("path", "invalid percent-encoding") };
  return { status: 400, error: "bad_request", details: issue("request", "the request cannot be read") };
}

/**
 * Unexpected failures: 503 with retry-after when a dependency is away, otherwise 500 with the
 * request id to quote; never a stack trace.
 */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const failure = (typeof err === "object" && err !== null ? err : {}) as {
      type?: unknown;
      status?: unknown;
      message?: unknown;
    };
    const status =
      typeof failure.status === "number" && failure.status >= 400 && failure.status < 500
        ? failure.status
        : 500;
    if (status >= 500 && isUnavailable(err)) {
      log.warn({ err, requestId: req.id, path: req.path }, "request failed: dependency unavailable");
      if (res.headersSent) return;
      return sendError(res, 503, "service_unavailable", { ...unavailableDetails(), request_id: req.id });
    }
    if (status >= 500) log.error({ err, requestId: req.id, path: req.path }, "request failed");
    if (res.headersSent) return;
    if (status === 404) return sendError(res, 404, "not_found");
    if (status < 500) {
      const refused = refusal(failure);
      return sendError(res, refused.status, refused.error, refused.details);
    }
    sendError(res, 500, "internal", { request_id: req.id });
  };
}
