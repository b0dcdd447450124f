import type { Logger, Metrics } from "@catalog/observability";
import { RedisWatch, type JobBus, type RedisChange } from "@catalog/queue";

/**
 * Why a reconciliation runs: the service started, the slow timer, Redis answered again, Redis lost
 * data, or a loss is settling (what a run queued during a loss may be lost again after it).
 */
export type ReconcileCause = "start" | "timer" | "settle" | RedisChange;

/**
 * One kind of work a service owes, as PostgreSQL records it: `queue` compares it with what is
 * queued and queues what is missing (under deterministic job ids, so work queued twice runs
 * once), and says how many jobs it queued.
 */
export type OwedWork = { name: string; queue: (cause: ReconcileCause) => Promise<number> };

export type ReconcilerOptions = {
  everyMs: number;
  watchEveryMs?: number;
  /** The first run after a loss's own, doubled for each further one (SETTLE_RUNS in all). */
  settleMs?: number;
};

/** Runs after a loss: at 30 s, 1, 2 and 4 minutes by default, again from the start at each new loss. */
const SETTLE_RUNS = 4;

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
  private policy: string | null = null;
  private settling: NodeJS.Timeout | undefined;
  private stopLostJobs: (() => void) | undefined;

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
      (policy) => this.evictionPolicy(policy),
    );
  }

  /** Starts watching Redis and the timer, and runs the first reconciliation (not waited for). */
  start(): void {
    this.watch.start();
    // A worker that took a job whose data Redis lost tells of a loss the markers may not have seen.
    this.stopLostJobs = this.deps.bus.onJobDataLost(() => this.changed("lost"));
    // Not waited for, here and in the timer: run() logs a failed reconciliation, it never rejects.
    this.timer = setInterval(() => void this.request("timer"), this.options.everyMs);
    this.timer.unref();
    void this.request("start");
  }

  /** Stops the watch and the timer; a run under way finishes (awaited). */
  async stop(): Promise<void> {
    this.watch.stop();
    this.stopLostJobs?.();
    clearInterval(this.timer);
    clearTimeout(this.settling);
    this.next = undefined;
    await this.running;
  }

  /**
   * For /healthz: when Redis last lost data, when work was last reconciled, and Redis's eviction
   * policy (null until read; anything but `noeviction` can lose queued work).
   */
  details(): {
    redis_data_lost_at: string | null;
    reconciled_at: string | null;
    redis_maxmemory_policy: string | null;
  } {
    return {
      redis_data_lost_at: this.lostAt?.toISOString() ?? null,
      reconciled_at: this.lastRunAt?.toISOString() ?? null,
      redis_maxmemory_policy: this.policy,
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
    // A loss goes on for a while (keys evicted one by one, many lost jobs): told once a second.
    if (change === "lost" && this.lostAt && Date.now() - this.lostAt.getTime() < 1000) {
      this.settle(0);
      return void this.request(change);
    }
    if (change === "lost") {
      this.lostAt = new Date();
      this.deps.metrics.redisDataLost.inc();
      this.deps.log.error(
        { service: this.service },
        "Redis lost this deployment's data (a restart without persistence, a failover to a " +
          "replica that lagged, keys evicted): queueing what PostgreSQL says is owed",
      );
      this.settle(0);
    }
    void this.request(change);
  }

  /**
   * A loss may go on after it is noticed (keys evicted one by one), and take what the run it
   * caused queued: the work is reconciled again after it, at growing intervals, from the start of
   * the schedule at each new loss.
   */
  private settle(run: number): void {
    clearTimeout(this.settling);
    if (run >= SETTLE_RUNS) return;
    const wait = (this.options.settleMs ?? 30_000) * 2 ** run;
    this.settling = setTimeout(() => {
      void this.request("settle");
      this.settle(run + 1);
    }, wait);
    this.settling.unref();
  }

  /** Redis's eviction policy: anything but `noeviction` is warned of when read (and on a change) and counted. */
  private evictionPolicy(policy: string | null): void {
    if (policy === null || policy === this.policy) return;
    this.policy = policy;
    const unsafe = policy !== "noeviction";
    this.deps.metrics.redisEvictionUnsafe.set(unsafe ? 1 : 0);
    if (unsafe)
      this.deps.log.warn(
        { service: this.service, policy },
        "Redis's maxmemory-policy is not noeviction: under memory pressure it drops keys, queued " +
          "jobs among them (BullMQ requires noeviction); set it to noeviction (docs/operations.md)",
      );
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
