import type { BatchCounter } from "./mcp-endpoint.js";
import { limitHeaders, type LimitsService, type Verdict } from "../limits/limits.service.js";

/**
 * Counts the messages of a JSON-RPC batch beyond the first against the caller's limits, as if
 * each had come alone: the anonymous window of its address (or /64), or the account's window and
 * daily quota. A batch that does not fit is refused whole with the 429 every API surface answers
 * (retry-after, the limit headers, `{error, retry_after, next_actions}`). Without limits
 * (RATE_LIMIT_ENABLED=false) nothing is refused, as elsewhere. An account's admitted batch
 * counts each further message in its usage too (`onAdmitted`), as the quota did.
 */
export function batchCounter(
  limits: LimitsService | undefined,
  events: {
    onRefused?: (scope: "anonymous" | "account" | "daily") => void;
    onAdmitted?: (account: string, extra: number) => void;
  } = {},
): BatchCounter {
  return async (caller, extra) => {
    if (extra <= 0) return undefined;
    const subject = caller.requester.subject;
    const keyed = "account" in subject;
    const admitted = () => {
      if (keyed) events.onAdmitted?.(subject.account, extra);
      return undefined;
    };
    if (!limits) return admitted();
    const verdict = keyed
      ? await limits.consumeAccount(subject.account, extra)
      : await limits.consumeAnonymous(subject.address, extra);
    if (!verdict.refused) return admitted();
    events.onRefused?.(
      verdict.refused.error === "daily_quota_exceeded" ? "daily" : keyed ? "account" : "anonymous",
    );
    return tooManyRequests(verdict);
  };
}

function tooManyRequests(verdict: Verdict): Response {
  const refused = verdict.refused!;
  const headers = {
    "cache-control": "no-store",
    "retry-after": String(refused.retryAfter),
    ...limitHeaders(verdict),
  };
  return Response.json(
    { error: refused.error, retry_after: refused.retryAfter, next_actions: [] },
    { status: 429, headers },
  );
}
