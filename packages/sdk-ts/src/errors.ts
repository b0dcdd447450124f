import type { NextAction } from "./types.js";

type Body = Record<string, unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

/** `issues.fieldErrors` of a 400 (/v1), or the `errors` of a /v0.1 problem, per field. */
function fieldErrorsOf(body: Body): Record<string, string[]> {
  const issues = body.issues as { fieldErrors?: Record<string, string[]> } | undefined;
  if (issues?.fieldErrors) return issues.fieldErrors;
  const out: Record<string, string[]> = {};
  for (const e of Array.isArray(body.errors) ? (body.errors as Body[]) : []) {
    const field = (text(e.location) ?? "body").replace(/^(query|path|body)\./, "");
    (out[field] ??= []).push(text(e.message) ?? "invalid");
  }
  return out;
}

/**
 * A response with status 400 or above, from /v1 (`{error, reason?, issues?, next_actions}`) or
 * /v0.1 (the official registry's problem+json: `title`, `status`, `detail`, `errors`).
 * The message says what the service said: the code, then the reason or each field's problem.
 */
export class CatalogApiError extends Error {
  /** The error code (`server_not_found`, `invalid_url`, ...), or a /v0.1 problem's title. */
  readonly error: string;
  /** Why, in the service's words (`reason`, or a problem's `detail`). */
  readonly reason: string | undefined;
  /** Per field, what is wrong with it (400 bad_request, 422 problems). */
  readonly fieldErrors: Record<string, string[]>;
  readonly nextActions: NextAction[];
  /** Quote it when reporting a 500. */
  readonly requestId: string | undefined;

  constructor(
    readonly status: number,
    readonly body: Body,
    readonly headers: Headers,
  ) {
    const error = text(body.error) ?? text(body.title) ?? "http_error";
    const reason = text(body.reason) ?? text(body.detail);
    const fieldErrors = fieldErrorsOf(body);
    const fields = Object.entries(fieldErrors).map(([field, problems]) => `${field}: ${problems.join("; ")}`);
    super([`${status} ${error}`, reason, ...fields].filter(Boolean).join(" - "));
    this.name = "CatalogApiError";
    this.error = error;
    this.reason = reason;
    this.fieldErrors = fieldErrors;
    this.nextActions = Array.isArray(body.next_actions) ? (body.next_actions as NextAction[]) : [];
    this.requestId = text(body.request_id) ?? headers.get("x-request-id") ?? undefined;
  }

  /** The error code, as the body names it. */
  get code(): string {
    return this.error;
  }
}

/** A 429 that was not (or no longer) retried: rate_limited, daily_quota_exceeded or check_quota_exceeded. */
export class RateLimitedError extends CatalogApiError {
  constructor(
    status: number,
    body: Body,
    headers: Headers,
    /** Seconds the service asked to wait, when it said. */
    readonly retryAfter: number | undefined,
  ) {
    super(status, body, headers);
    this.name = "RateLimitedError";
  }
}

/** A check still queued or running when the caller's time ran out. */
export class CheckTimeoutError extends Error {
  constructor(readonly check: { id: string; status: string }) {
    super(`check ${check.id} still ${check.status}`);
    this.name = "CheckTimeoutError";
  }
}
