import type { Logger, Metrics } from "@catalog/observability";
import { RedisWatch, type JobBus, type RedisChange } from "@catalog/queue";

/** Why a reconciliation runs: the service started, the slow timer, Redis answered again, Redis lost its data. */
export type ReconcileCause = "start" | "timer" | RedisChange;

/**
 * One kind of work a service owes, as PostgreSQL records it: `queue` compares it with what is
 * queued and queues what is missing (under deterministic job ids, so work queued twice runs
 * once), and says how many jobs it queued.
 */
export type OwedWork = { name: string; queue: (cause: ReconcileCause) => Promise<number> };

export type ReconcilerOptions = { everyMs: number; watchEveryMs?: number };

/**
 * Keeps a service's owed work queued: PostgreSQL is the record of what is owed, Redis only
 * carries it. Each kind of work is reconciled at start, whenever Redis answers again after being
 * away, at once when Redis came back without this deployment's data (a restart without
 * persistence, a failover to an empty replica: logged once, counted, shown in /healthz), and on
 * a slow timer. Runs never overlap: a cause that arrives during a run starts one more after it.
 * A kind that fails (PostgreSQL or Redis away) is logged and tried again on the next cause.
 */
export class Reconciler {
  private running: Promise<void> | undefined;
  private next: ReconcileCause | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly watch: RedisWatch;
  private lostAt: Date | null = null;
  private lastRunAt: Date | null = null;

  constructor(
    private readonly deps: { bus: JobBus; log: Logger; metrics: Metrics },
    private readonly service: string,
    private readonly work: readonly OwedWork[],
    private readonly options: ReconcilerOptions,
  ) {
    this.watch = new RedisWatch(
      deps.bus.redis(),
      deps.bus.prefix,
      service,
      (change) => this.changed(change),
      options.watchEveryMs,
    );
  }

  /** Starts watching Redis and the timer, and runs the first reconciliation (not waited for). */
  start(): void {
    this.watch.start();
    // Not waited for, here and in the timer: run() logs a failed reconciliation, it never rejects.
    this.timer = setInterval(() => void this.request("timer"), this.options.everyMs);
    this.timer.unref();
    void this.request("start");
  }

  /** Stops the watch and the timer; a run under way finishes (awaited). */
  async stop(): Promise<void> {
    this.watch.stop();
    clearInterval(this.timer);
    this.next = undefined;
    await this.running;
  }

  /** For /healthz: when Redis last came back without its data, and when work was last reconciled. */
  details(): { redis_data_lost_at: string | null; reconciled_at: string | null } {
    return {
      redis_data_lost_at: this.lostAt?.toISOString() ?? null,
      reconciled_at: this.lastRunAt?.toISOString() ?? null,
    };
  }

  /** Asks for a run; one under way is followed by one more (a loss outranks other causes). */
  request(cause: ReconcileCause): Promise<void> {
    if (this.running) {
      if (this.next !== "lost") this.next = cause;
      return this.running;
    }
    this.running = this.run(cause).finally(() => {
      this.running = undefined;
      const next = this.next;
      this.next = undefined;
      if (next) void this.request(next);
    });
    return this.running;
  }

  private changed(change: RedisChange): void {
    if (change === "lost") {
      this.lostAt = new Date();
      this.deps.metrics.redisDataLost.inc();
      this.deps.log.error(
        { service: this.service },
        "Redis came back without this deployment's data (a restart without persistence, or a " +
          "failover to an empty replica): queueing what PostgreSQL says is owed",
      );
    }
    void this.request(change);
  }

  private async run(cause: ReconcileCause): Promise<void> {
    for (const work of this.work) {
      try {
        const queued = await work.queue(cause);
        this.deps.metrics.reconciledJobs.inc({ work: work.name, cause }, queued);
        if (queued > 0) this.deps.log.info({ work: work.name, cause, queued }, "owed work queued again");
      } catch (err) {
        this.deps.log.warn({ work: work.name, cause, err: (err as Error).message }, "reconciliation failed");
      }
    }
    this.lastRunAt = new Date();
  }
}

/** Rows an owed-work query reads at a time. */
export const OWED_PAGE = 1000;

/**
 * Runs `handle` over every page `read` gives, each read after the last key of the page before
 * (keyset order), and sums what it returns: how a kind of owed work walks its rows.
 */
export async function eachPage<T>(
  read: (after: string, limit: number) => Promise<T[]>,
  keyOf: (row: T) => string,
  handle: (page: T[]) => Promise<number>,
): Promise<number> {
  let after = "";
  let total = 0;
  for (;;) {
    const page = await read(after, OWED_PAGE);
    if (page.length === 0) return total;
    total += await handle(page);
    if (page.length < OWED_PAGE) return total;
    after = keyOf(page.at(-1)!);
  }
}
