import { HOUR_MS } from "@catalog/contracts";
import { createHash } from "node:crypto";
import { consumeAll, redisKeys, refundAll, type AllowanceCounter, type RedisKeys } from "@catalog/queue";
import type { Redis } from "ioredis";

export type CheckScope = "you" | "host" | "global";

/** The counters one allowed check went into, so that a check that could not start is refunded. */
export type AllowanceGrant = { readonly keys: readonly string[] };

export type AllowanceVerdict =
  { allowed: true; grant: AllowanceGrant } | { allowed: false; scope: CheckScope; retryAfter: number };

const KEY_SECONDS = 7200;

/** One requester may take at most this share of a host's hourly allowance. */
const HOST_SHARE = 1 / 3;
/** Anonymous requesters together may take at most this share of the global allowance. */
const ANONYMOUS_GLOBAL_SHARE = 1 / 2;

type Counter = { scope: CheckScope; key: string; limit: number };

/**
 * The check allowance per UTC hour (DECISIONS.md section 5): `you` (per account, else per
 * client address: IPv4, or the /64 of IPv6), `host` (per target host) and `global`. Fixed
 * windows aligned to the UTC hour, kept in Redis so every gateway replica shares them; no
 * library offers UTC-aligned windows checked across several counters at once, hence the short
 * script.
 *
 * The shared scopes are bounded per taker, so that nobody can use them up for everyone else:
 * - one requester may take at most a third of a host's allowance (10 of 30 by default), so
 *   locking a host out takes at least three requesters, whatever their own allowance;
 * - anonymous requesters together may take at most half of the global allowance, so addresses
 *   that are cheap to come by cannot lock out account holders; a single requester is bounded
 *   in `global` by its own `you` allowance, checked (atomically) before it.
 * A refusal by one of these shares is reported as the scope it protects (`host`, `global`).
 */
export class CheckAllowance {
  private readonly keys: RedisKeys;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly limits: { host: number; global: number },
    private readonly now: () => number = Date.now,
  ) {
    this.keys = redisKeys(prefix);
  }

  /** `you.id` is the requester id (`ip:<hash>` for anonymous callers, `account:<id>`). */
  async consume(you: { id: string; limit: number }, host: string): Promise<AllowanceVerdict> {
    const now = this.now();
    const hour = Math.floor(now / HOUR_MS);
    const counters = this.counters(hour, you, host);
    const exhausted = await consumeAll(this.redis, counters, KEY_SECONDS);
    if (exhausted === 0) return { allowed: true, grant: { keys: counters.map((c) => c.key) } };
    const retryAfter = Math.max(1, Math.ceil(((hour + 1) * HOUR_MS - now) / 1000));
    return { allowed: false, scope: counters[exhausted - 1]!.scope, retryAfter };
  }

  /** Gives back what `consume` counted, for a check that did not start after all. */
  async refund(grant: AllowanceGrant): Promise<void> {
    await refundAll(this.redis, grant.keys);
  }

  private counters(hour: number, you: { id: string; limit: number }, host: string): Counter[] {
    const key = (counter: AllowanceCounter, id: string) => this.keys.checkAllowance(hour, counter, id);
    // Requester ids and host names are bounded, but a hash keeps the pair key short and opaque.
    const pair = createHash("sha256").update(`${you.id}\n${host}`).digest("base64url").slice(0, 32);
    const counters: Counter[] = [
      { scope: "you", key: key("you", you.id), limit: you.limit },
      { scope: "host", key: key("host-share", pair), limit: share(this.limits.host, HOST_SHARE) },
      { scope: "host", key: key("host", host), limit: this.limits.host },
      { scope: "global", key: key("global", "all"), limit: this.limits.global },
    ];
    if (you.id.startsWith("ip:")) {
      const limit = share(this.limits.global, ANONYMOUS_GLOBAL_SHARE);
      counters.push({ scope: "global", key: key("global", "anonymous"), limit });
    }
    return counters;
  }
}

/** A share of a limit: rounded up, and at least 1 where the limit allows anything. */
function share(limit: number, fraction: number): number {
  return limit <= 0 ? 0 : Math.max(1, Math.ceil(limit * fraction));
}
