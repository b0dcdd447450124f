import { redisKeys, type LimiterName } from "@catalog/queue";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { Clock } from "../time/clock.js";
import { secondsUntilUtcMidnight, utcDay } from "../time/utc-day.js";

export type LimitSettings = {
  anonymousPerWindow: number;
  accountPerWindow: number;
  windowSeconds: number;
  dailyQuota: number;
};

type WindowState = { limit: number; remaining: number; resetSeconds: number };
export type QuotaState = { limit: number; used: number; remaining: number; resetSeconds: number };

export type Verdict = {
  window: WindowState;
  /** Accounts only. */
  quota?: QuotaState;
  /** Set when the request is refused. */
  refused?: { error: "rate_limited" | "daily_quota_exceeded"; retryAfter: number };
};

/** The headers that tell a client its window (and its daily quota, when keyed). */
export function limitHeaders(verdict: Verdict): Record<string, string> {
  return {
    "x-ratelimit-limit": String(verdict.window.limit),
    "x-ratelimit-remaining": String(verdict.window.remaining),
    "x-ratelimit-reset": String(verdict.window.resetSeconds),
    ...(verdict.quota
      ? {
          "x-quota-limit": String(verdict.quota.limit),
          "x-quota-remaining": String(verdict.quota.remaining),
        }
      : {}),
  };
}

/** Keys of the daily counters outlive their day a little; the day is part of the key. */
const DAY_KEY_SECONDS = 2 * 86_400;

/**
 * Request limits on Redis through rate-limiter-flexible: each consume is one atomic Lua call
 * (SET NX EX, INCRBY, PTTL), so any number of gateway replicas share exact counts. While Redis
 * is not connected, each replica falls back at once to an in-memory limiter of the same size
 * instead of failing or stalling requests.
 */
export class LimitsService {
  private readonly anonymous: RateLimiterRedis;
  private readonly perWindow: RateLimiterRedis;
  private readonly daily: RateLimiterRedis;

  constructor(
    redis: Redis,
    prefix: string,
    private readonly settings: LimitSettings,
    private readonly clock: Clock,
  ) {
    const keys = redisKeys(prefix);
    const limiter = (name: LimiterName, points: number, duration: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: keys.limiter(name),
        points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
      });
    this.anonymous = limiter("ip", settings.anonymousPerWindow, settings.windowSeconds);
    this.perWindow = limiter("account", settings.accountPerWindow, settings.windowSeconds);
    this.daily = limiter("day", settings.dailyQuota, DAY_KEY_SECONDS);
  }

  /**
   * Counts an anonymous request of a client address (or /64): one, or `points` for a request
   * that carries several calls (a JSON-RPC batch).
   */
  async consumeAnonymous(subject: string, points = 1): Promise<Verdict> {
    const { res, over } = await consume(this.anonymous, subject, points);
    const window = windowState(res, this.settings.anonymousPerWindow);
    return over
      ? { window, refused: { error: "rate_limited", retryAfter: window.resetSeconds } }
      : { window };
  }

  /**
   * Counts a keyed request (one, or `points` calls) against the account's window, then, when
   * the window admits it, against the account's quota of the current UTC day.
   */
  async consumeAccount(accountId: string, points = 1): Promise<Verdict> {
    const now = this.clock();
    const minute = await consume(this.perWindow, accountId, points);
    const window = windowState(minute.res, this.settings.accountPerWindow);
    if (minute.over) {
      const quota = await this.quota(accountId, now);
      return { window, quota, refused: { error: "rate_limited", retryAfter: window.resetSeconds } };
    }
    const day = await consume(this.daily, dayKey(accountId, now), points);
    const quota = this.quotaState(day.res.consumedPoints, now);
    if (day.over)
      return { window, quota, refused: { error: "daily_quota_exceeded", retryAfter: quota.resetSeconds } };
    return { window, quota };
  }

  /** The account's use of today's quota, without counting anything. */
  async quota(accountId: string, now = this.clock()): Promise<QuotaState> {
    const res = await this.daily.get(dayKey(accountId, now));
    return this.quotaState(res?.consumedPoints ?? 0, now);
  }

  private quotaState(consumed: number, now: Date): QuotaState {
    const limit = this.settings.dailyQuota;
    const used = Math.min(consumed, limit);
    return { limit, used, remaining: limit - used, resetSeconds: secondsUntilUtcMidnight(now) };
  }
}

function dayKey(accountId: string, now: Date): string {
  return `${accountId}:${utcDay(now)}`;
}

/** A refusal arrives as a rejected RateLimiterRes; anything else is a real failure. */
async function consume(
  limiter: RateLimiterRedis,
  key: string,
  points = 1,
): Promise<{ res: RateLimiterRes; over: boolean }> {
  try {
    return { res: await limiter.consume(key, points), over: false };
  } catch (err) {
    if (err instanceof RateLimiterRes) return { res: err, over: true };
    throw err;
  }
}

function windowState(res: RateLimiterRes, limit: number): WindowState {
  return {
    limit,
    remaining: res.remainingPoints,
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}
