import type { RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import type { ApiKeysService } from "../accounts/api-keys.service.js";
import { presentedKey } from "../accounts/presented-key.js";
import { anonymousVerdict } from "../limits/anonymous-verdict.js";
import { limitSubject } from "../limits/client-address.js";
import { limitHeaders, type LimitsService, type Verdict } from "../limits/limits.service.js";
import { operationOf } from "../usage/operation.js";
import type { UsageService } from "../usage/usage.service.js";
import { sendError } from "../http/errors.js";

/** Without `limits` (RATE_LIMIT_ENABLED=false) keys are still checked and counted, nothing is refused. */
export type ApiAccessDeps = {
  keys: ApiKeysService;
  limits: LimitsService | undefined;
  usage: UsageService;
  /** Told of every refusal (metrics): anonymous, account or daily. */
  onRefused?: (scope: "anonymous" | "account" | "daily") => void;
};

const REASONS = {
  malformed: "The API key is malformed: keys are svc_ followed by 43 letters and digits.",
  unknown_or_revoked: "The API key is unknown or revoked. Create a new one on the account page.",
  ambiguous: "Two different API keys were sent (X-API-Key and Authorization); send one.",
} as const;

/**
 * In front of every API surface (/v1, /mcp, /v0.1): resolves the API key, applies the anonymous
 * or the account limits, marks keyed responses private and counts them per operation.
 * A key that is sent but not valid is refused; it never falls back to anonymous access.
 */
export function apiAccess({ keys, limits, usage, onRefused }: ApiAccessDeps): RequestHandler {
  const tooManyRequests = (res: Response, verdict: Verdict, scope: "anonymous" | "account") => {
    onRefused?.(verdict.refused?.error === "daily_quota_exceeded" ? "daily" : scope);
    refuse(res, verdict);
  };
  return async (req, res, next) => {
    // Keyed and anonymous answers differ in headers: shared caches must keep them apart.
    res.vary("X-API-Key").vary("Authorization");
    const presented = presentedKey(req.headers);
    if (presented.kind === "none") {
      const verdict = limits && (await anonymousVerdict(limits, req, req.ip));
      if (verdict?.refused) return tooManyRequests(res, verdict, "anonymous");
      return next();
    }
    const resolution =
      presented.kind === "ambiguous" ? { refused: "ambiguous" as const } : await keys.resolve(presented.key);
    if ("refused" in resolution) {
      // Failed keys spend the address's anonymous allowance, so guessing costs as much as browsing.
      const verdict = await limits?.consumeAnonymous(limitSubject(req.ip));
      if (verdict?.refused) return tooManyRequests(res, verdict, "anonymous");
      res.set("www-authenticate", 'Bearer realm="catalog", error="invalid_token"');
      return sendError(res, 401, "invalid_api_key", { reason: REASONS[resolution.refused] });
    }
    const { key } = resolution;
    res.locals.keyed = true;
    res.locals.accountId = key.accountId;
    onHeaders(res, () => res.setHeader("cache-control", "private, no-store"));
    const verdict = await limits?.consumeAccount(key.accountId);
    if (verdict?.refused) return tooManyRequests(res, verdict, "account");
    if (verdict) setLimitHeaders(res, verdict);
    usage.record(key.accountId, key.id, operationOf(req.originalUrl));
    next();
  };
}

function setLimitHeaders(res: Response, verdict: Verdict): void {
  res.set(limitHeaders(verdict));
}

/** 429 with retry-after and the limit headers, anonymous or keyed alike. */
function refuse(res: Response, verdict: Verdict): void {
  const refused = verdict.refused!;
  setLimitHeaders(res, verdict);
  sendError(res, 429, refused.error, { retry_after: refused.retryAfter });
}
