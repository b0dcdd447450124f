import { z } from "zod";
import { ErrorBodySchema } from "./errors.js";

/**
 * What a keyed request was for, as counted per account and UTC day. `other` holds requests to
 * paths outside the named operations (categories, unknown routes), which still use the quota.
 */
export const USAGE_OPERATIONS = [
  "search",
  "get_server",
  "list_tools",
  "get_connection",
  "quality",
  "history",
  "dependencies",
  "check",
  "mcp",
  "registry",
  "other",
] as const;
export type UsageOperation = (typeof USAGE_OPERATIONS)[number];

/** 401: a key was sent but is malformed, unknown or revoked; never served anonymously. */
export const InvalidApiKeyBodySchema = ErrorBodySchema.extend({
  error: z.literal("invalid_api_key"),
  reason: z.string(),
});

/** 429 of the per-minute window or of the daily quota; retry_after equals the retry-after header. */
export const RateLimitedBodySchema = ErrorBodySchema.extend({
  error: z.enum(["rate_limited", "daily_quota_exceeded"]),
  retry_after: z.number().int().nonnegative(),
});
export type RateLimitedBody = z.infer<typeof RateLimitedBodySchema>;
