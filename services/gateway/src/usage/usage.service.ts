import type { Redis } from "ioredis";
import { USAGE_OPERATIONS, type UsageOperation } from "@catalog/contracts";
import type { ApiKeysRepository, UsageCount, UsageRepository } from "@catalog/db";
import type { Logger } from "@catalog/observability";
import { redisKeys, removeUnchanged, type RedisKeys } from "@catalog/queue";
import type { Clock } from "../time/clock.js";
import { lastUtcDays, utcDay } from "../time/utc-day.js";

export type DayUsage = { day: string; counts: Record<UsageOperation, number>; total: number };

/** Running totals stay in Redis this long, well past the flush that copies them. */
const TOTALS_TTL_SECONDS = 3 * 86_400;
const BATCH = 500;

/**
 * Per-account usage per UTC day and operation. The request path does one pipelined Redis write
 * (increment a running total, mark it dirty); a flusher on every replica copies dirty totals to
 * PostgreSQL in batches. Totals, not increments, are written, with GREATEST on conflict, so
 * concurrent or repeated flushes by several replicas never count twice, and a total is only
 * unmarked when nothing was counted since it was read.
 */
export class UsageService {
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<number> | undefined;
  private readonly redisKeys: RedisKeys;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly usage: UsageRepository,
    private readonly keys: ApiKeysRepository,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    this.redisKeys = redisKeys(prefix);
  }

  /** Counts one request of a key; never delays or fails the request (errors are logged). */
  record(accountId: string, keyId: string, operation: UsageOperation): void {
    this.count(accountId, operation, 1, keyId);
  }

  /**
   * Counts `n` uses of an operation (the further messages of a JSON-RPC batch, each counted as
   * the quota counts it), and the key's last use when given.
   */
  count(accountId: string, operation: UsageOperation, n: number, keyId?: string): void {
    const now = this.clock();
    const day = utcDay(now);
    const totals = this.redisKeys.usageTotals(accountId, day);
    const tx = this.redis
      .multi()
      .hincrby(totals, operation, n)
      .expire(totals, TOTALS_TTL_SECONDS)
      .zincrby(this.redisKeys.usageDirty, 1, `${accountId}|${day}`);
    if (keyId) tx.zadd(this.redisKeys.usageKeyUse, "GT", now.getTime(), keyId);
    tx.exec().catch((err: unknown) => this.log.warn({ err }, "usage not recorded"));
  }

  /** Copies every dirty total to PostgreSQL; returns how many account-days were written. */
  async flush(): Promise<number> {
    this.flushing ??= this.flushAll().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async flushAll(): Promise<number> {
    const dirty = pairs(await this.redis.zrange(this.redisKeys.usageDirty, 0, -1, "WITHSCORES"));
    for (let i = 0; i < dirty.length; i += BATCH) await this.flushBatch(dirty.slice(i, i + BATCH));
    await this.flushKeyUse();
    return dirty.length;
  }

  private async flushBatch(dirty: [string, string][]): Promise<void> {
    const members = dirty.map(([member]) => member.split("|") as [string, string]);
    const pipeline = this.redis.pipeline();
    for (const [accountId, day] of members) pipeline.hgetall(this.redisKeys.usageTotals(accountId, day));
    const totals = (await pipeline.exec()) ?? [];
    const counts: UsageCount[] = members.flatMap(([accountId, day], i) =>
      Object.entries((totals[i]?.[1] ?? {}) as Record<string, string>).map(([operation, count]) => ({
        accountId,
        day,
        operation,
        count: Number(count),
      })),
    );
    await this.usage.raiseTo(counts);
    await removeUnchanged(this.redis, this.redisKeys.usageDirty, dirty);
  }

  private async flushKeyUse(): Promise<void> {
    const uses = pairs(await this.redis.zrange(this.redisKeys.usageKeyUse, 0, -1, "WITHSCORES"));
    if (uses.length === 0) return;
    await this.keys.touch(uses.map(([id, ms]) => ({ id, at: new Date(Number(ms)) })));
    await removeUnchanged(this.redis, this.redisKeys.usageKeyUse, uses);
  }

  /** Flushes every `intervalMs` until `stop`; a failed flush is retried at the next tick. */
  start(intervalMs: number): void {
    this.timer ??= setInterval(() => {
      this.flush().catch((err: unknown) => this.log.warn({ err }, "usage flush failed"));
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is still pending. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush().catch((err: unknown) => this.log.warn({ err }, "final usage flush failed"));
  }

  /**
   * The last `days` UTC days of an account, oldest first: PostgreSQL, raised by the running
   * totals of today and yesterday that a flush may not have copied yet.
   */
  async lastDays(accountId: string, days: number): Promise<DayUsage[]> {
    const list = lastUtcDays(this.clock(), days);
    const stored = await this.usage.range(accountId, list[0]!, list[list.length - 1]!);
    const recent = list.slice(-2);
    const live = await Promise.all(
      recent.map((day) => this.redis.hgetall(this.redisKeys.usageTotals(accountId, day))),
    );
    const byDay = new Map(list.map((day) => [day, emptyCounts()]));
    const raise = (day: string, operation: string, count: number) => {
      const counts = byDay.get(day);
      if (counts && operation in counts) {
        const op = operation as UsageOperation;
        counts[op] = Math.max(counts[op], count);
      }
    };
    for (const row of stored) raise(row.day, row.operation, row.count);
    recent.forEach((day, i) => {
      for (const [operation, count] of Object.entries(live[i] ?? {})) raise(day, operation, Number(count));
    });
    return list.map((day) => {
      const counts = byDay.get(day)!;
      return { day, counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
    });
  }
}

function emptyCounts(): Record<UsageOperation, number> {
  return Object.fromEntries(USAGE_OPERATIONS.map((op) => [op, 0])) as Record<UsageOperation, number>;
}

/** [member, score, member, score, ...] as pairs. */
function pairs(flat: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
}
