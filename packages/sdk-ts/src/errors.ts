import type { NextAction } from "@catalog/contracts";

/** A response with status 400 or above; `error` is the service's error code. */
export class CatalogApiError extends Error {
  readonly error: string;
  readonly nextActions: NextAction[];

  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Headers,
  ) {
    // /v0.1 answers with the official registry's problem bodies (title, status, detail).
    const error = String(body.error ?? body.title ?? "http_error");
    super(`${status} ${error}`);
    this.name = "CatalogApiError";
    this.error = error;
    this.nextActions = Array.isArray(body.next_actions) ? (body.next_actions as NextAction[]) : [];
  }
}

/** A 429 that was not (or no longer) retried: rate_limited, daily_quota_exceeded or check_quota_exceeded. */
export class RateLimitedError extends CatalogApiError {
  constructor(
    status: number,
    body: Record<string, unknown>,
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
