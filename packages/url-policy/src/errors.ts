/** Why a URL or an address was refused; stable codes for logs, sentences for people. */
export const POLICY_CODES = [
  "malformed",
  "scheme",
  "https_required",
  "credentials",
  "blocked_host",
  "non_public_address",
  "unresolvable",
  "too_many_redirects",
  "body_too_large",
] as const;
export type PolicyCode = (typeof POLICY_CODES)[number];

/** A target the URL policy refuses; `reason` is the sentence shown to the caller. */
export class UrlPolicyError extends Error {
  override readonly name = "UrlPolicyError";
  constructor(
    readonly code: PolicyCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** Finds a policy refusal anywhere in an error's cause chain (fetch wraps connect errors). */
export function findPolicyError(err: unknown): UrlPolicyError | undefined {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current && typeof current === "object" && !seen.has(current)) {
    if (current instanceof UrlPolicyError) return current;
    seen.add(current);
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
