import { DelayedError, type Job } from "bullmq";
import type { Redis } from "ioredis";
import { Semaphore } from "redis-semaphore";
import { redisKeys } from "@catalog/queue";

/**
 * Per-host concurrency across the whole prober fleet: a Redis counting semaphore per target
 * host (host and port). A job that finds its host busy goes back to the delayed set for a
 * moment instead of holding a worker slot, so one slow host never starves the others. A slot
 * of a crashed worker expires after `lockTimeoutMs`.
 */
export class HostSlots {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limit: number,
    private readonly lockTimeoutMs: number,
  ) {}

  async run<T>(host: string, job: Job, token: string | undefined, fn: () => Promise<T>): Promise<T> {
    const slot = new Semaphore(this.redis, redisKeys(this.prefix).probeHost(host), this.limit, {
      lockTimeout: this.lockTimeoutMs,
      acquireAttemptsLimit: 1,
      refreshInterval: Math.floor(this.lockTimeoutMs / 3),
    });
    if (!(await slot.tryAcquire())) {
      await job.moveToDelayed(Date.now() + 200 + Math.floor(Math.random() * 800), token);
      throw new DelayedError();
    }
    try {
      return await fn();
    } finally {
      await slot.release().catch(() => undefined);
    }
  }
}
