import type { Redis } from "ioredis";

export const CHECK_SCOPES = ["you", "host", "global"] as const;
export type CheckScope = (typeof CHECK_SCOPES)[number];

export type AllowanceVerdict = { allowed: true } | { allowed: false; scope: CheckScope; retryAfter: number };

/**
 * Checks all three counters and counts in all three only when every one has room, in one
 * atomic step: a check refused for its host does not use up the caller's own allowance.
 * Returns 0, or the 1-based index of the first exhausted scope.
 */
const CONSUME = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') >= tonumber(ARGV[i]) then return i end
end
for i = 1, #KEYS do
  redis.call('INCR', KEYS[i])
  redis.call('EXPIRE', KEYS[i], ARGV[#KEYS + 1])
end
return 0`;

const HOUR_MS = 3_600_000;

/**
 * The check allowance per UTC hour (DECISIONS.md section 5): `you` (per account, else per
 * client IP), `host` (per target host) and `global`. Fixed windows aligned to the UTC hour,
 * kept in Redis so every gateway replica shares them; no library offers UTC-aligned windows
 * checked across three scopes at once, hence the short script.
 */
export class CheckAllowance {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limits: { host: number; global: number },
    private readonly now: () => number = Date.now,
  ) {}

  async consume(you: { id: string; limit: number }, host: string): Promise<AllowanceVerdict> {
    const now = this.now();
    const hour = Math.floor(now / HOUR_MS);
    const key = (scope: CheckScope, id: string) => `${this.prefix}:check-allowance:${hour}:${scope}:${id}`;
    const exhausted = (await this.redis.eval(
      CONSUME,
      3,
      key("you", you.id),
      key("host", host),
      key("global", "all"),
      you.limit,
      this.limits.host,
      this.limits.global,
      7200,
    )) as number;
    if (exhausted === 0) return { allowed: true };
    const retryAfter = Math.max(1, Math.ceil(((hour + 1) * HOUR_MS - now) / 1000));
    return { allowed: false, scope: CHECK_SCOPES[exhausted - 1]!, retryAfter };
  }
}
