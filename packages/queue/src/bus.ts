import { createHash } from "node:crypto";
import {
  DelayedError,
  Queue,
  QueueEvents,
  UnrecoverableError,
  Worker,
  type Job,
  type JobsOptions,
  type WorkerOptions,
} from "bullmq";
import { Redis, type RedisOptions } from "ioredis";
import { ClosableConnection } from "./connection.js";
import { jobSchema, type JobData, type JobInput, type JobName, type QueueName } from "./jobs.js";
import { BACKOFF_TYPE, failureKind, JOB_ATTEMPTS, RETRY_BASE_MS, retryDelay } from "./retry.js";

/** `token` is the worker's lock token, needed to move a job back (for example to delay it). */
export type Handlers<Q extends QueueName> = {
  [N in JobName<Q>]?: (data: JobData<Q, N>, job: Job, token: string | undefined) => Promise<unknown>;
};

/** Called after each job with its duration; services feed it into their metrics. */
export type JobObserver = (
  queue: QueueName,
  job: string,
  seconds: number,
  outcome: "completed" | "failed",
) => void;

export type BusOptions = { redisUrl: string; prefix: string; observe?: JobObserver };

/** The job states that dashboards and metrics report. */
export const JOB_STATES = ["waiting", "active", "delayed", "prioritized", "failed", "completed"] as const;

/**
 * Jobs are retried with capped exponential backoff for about a day (see retry.ts), so that they
 * outlast an outage of their dependencies; finished ones are kept a while for dashboards, then dropped.
 */
const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: JOB_ATTEMPTS,
  backoff: { type: BACKOFF_TYPE, delay: RETRY_BASE_MS },
  removeOnComplete: { age: 3600, count: 5000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** Key of the request id inside a job's data; payload schemas strip it before handlers run. */
const REQUEST_ID = "_requestId";

/**
 * Whether a failure (as the worker's `failed` event reports it) was the job's last: it failed
 * for good, rather than waiting for a retry. Services log retries quietly and these loudly.
 */
export function failedForGood(job: Job | undefined, err: Error): boolean {
  if (!job) return true;
  return err.name === "UnrecoverableError" || job.attemptsMade >= (job.opts.attempts ?? 1);
}

/**
 * Lets at most one report through per `intervalMs`, telling it how many it held back since: a
 * worker's `error` event fires on every reconnect attempt of every connection while Redis is
 * away, which would otherwise be several log lines a second for the whole outage.
 */
export function throttled(
  report: (err: Error, suppressed: number) => void,
  intervalMs = 10_000,
): (err: Error) => void {
  let last = 0;
  let suppressed = 0;
  return (err) => {
    const now = Date.now();
    if (now - last < intervalMs) {
      suppressed++;
      return;
    }
    last = now;
    report(err, suppressed);
    suppressed = 0;
  };
}

/** The logger calls a worker's events need (pino's shape). */
export type WorkerLog = {
  warn: (fields: Record<string, unknown>, message: string) => void;
  debug: (fields: Record<string, unknown>, message: string) => void;
};

/**
 * Logs a worker's events: a failure that will be retried quietly (debug), one that failed for
 * good loudly (warn), connection errors at most once per 10 s (they fire on every reconnect
 * attempt while Redis is away). `what` names the jobs in the messages ("catalog", "prober").
 */
export function logWorkerEvents(worker: Worker, log: WorkerLog, what: string): Worker {
  worker.on("failed", (job, err) => {
    const fields = { job: job?.id, name: job?.name, requestId: requestIdOf(job), err: err.message };
    if (failedForGood(job, err)) log.warn(fields, `${what} job failed`);
    else log.debug({ ...fields, attempt: job?.attemptsMade }, `${what} job failed; retrying`);
  });
  worker.on(
    "error",
    throttled((err, suppressed) => log.warn({ err: err.message, suppressed }, `${what} worker error`)),
  );
  return worker;
}

/** The id of the HTTP request that queued a job, if any (for logs). */
export function requestIdOf(job: Job | undefined): string | undefined {
  const value = (job?.data as Record<string, unknown> | undefined)?.[REQUEST_ID];
  return typeof value === "string" ? value : undefined;
}

/** A job whose hash Redis lost: BullMQ takes its id from a list and finds no name, data or timestamp. */
function isDataLost(job: Job): boolean {
  return job.name === undefined && !job.timestamp;
}

/** A job id that is safe for BullMQ (no colons) and equal for equal keys: deduplicates adds. */
export function stableJobId(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("base64url");
}

/**
 * The typed job bus over BullMQ: validated payloads on the way in and out, one queue per
 * consuming service, Redis connections that reconnect by themselves.
 */
export class JobBus {
  private readonly queues = new Map<QueueName, Queue>();
  private readonly workers: Worker[] = [];
  private readonly events_ = new Map<QueueName, QueueEvents>();
  private readonly connections: Redis[] = [];
  private closing: Promise<void> | undefined;
  private shared: Redis | undefined;
  private readonly lostListeners = new Set<(queue: QueueName) => void>();
  /** Jobs this process found without their data, finished as done and removed once finished. */
  private readonly lostJobs = new Set<string>();

  constructor(private readonly options: BusOptions) {}

  /**
   * Calls `listener` whenever a worker takes a job whose data Redis lost (its id survived in a
   * list, its hash did not): the work is owed, and the reconciler queues it again from PostgreSQL.
   */
  onJobDataLost(listener: (queue: QueueName) => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** The key prefix of this deployment's Redis data (queues, limits, usage). */
  get prefix(): string {
    return this.options.prefix;
  }

  private connection(forWorker: boolean): Redis {
    const opts: RedisOptions = forWorker
      ? { maxRetriesPerRequest: null, enableReadyCheck: true }
      : { maxRetriesPerRequest: 3, enableOfflineQueue: true };
    const redis = new Redis(this.options.redisUrl, { ...opts, lazyConnect: false });
    redis.on("error", () => undefined); // reconnects on its own; failures surface on commands
    this.connections.push(redis);
    return redis;
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(
        name,
        {
          connection: this.connection(false),
          prefix: this.options.prefix,
          defaultJobOptions: DEFAULT_JOB_OPTIONS,
        },
        ClosableConnection,
      );
      queue.on("error", () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Queues a job; a request id given here travels with the job into the consumer's logs. */
  async add<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobInput<Q, N>,
    { requestId, ...opts }: JobsOptions & { requestId?: string } = {},
  ): Promise<Job> {
    const payload = validate(queue, name, data) as Record<string, unknown>;
    return this.queue(queue).add(name, requestId ? { ...payload, [REQUEST_ID]: requestId } : payload, opts);
  }

  async addBulk<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    items: { data: JobInput<Q, N>; opts?: JobsOptions }[],
  ): Promise<Job[]> {
    if (items.length === 0) return [];
    const jobs = items.map((i) => ({ name, data: validate(queue, name, i.data), opts: i.opts ?? {} }));
    return this.queue(queue).addBulk(jobs);
  }

  /**
   * Queues owed work again (a reconciler's): each job under its own id, added when Redis does
   * not hold it, retried when it failed for good, left alone when it is queued, running or kept
   * as completed. Returns how many were added and retried.
   */
  async requeue<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    jobs: readonly { name: N; jobId: string; data: JobInput<Q, N>; opts?: JobsOptions }[],
  ): Promise<{ added: number; retried: number }> {
    if (jobs.length === 0) return { added: 0, retried: 0 };
    const q = this.queue(queue);
    const prefix = `${this.options.prefix}:${queue}`;
    const pipeline = this.redis().pipeline();
    for (const job of jobs) pipeline.exists(`${prefix}:${job.jobId}`).zscore(`${prefix}:failed`, job.jobId);
    const replies = (await pipeline.exec()) ?? [];
    const missing: (typeof jobs)[number][] = [];
    const failed: string[] = [];
    jobs.forEach((job, i) => {
      if (replies[2 * i]?.[1] === 0) missing.push(job);
      else if (replies[2 * i + 1]?.[1] !== null) failed.push(job.jobId);
    });
    for (const name of new Set(missing.map((j) => j.name)))
      await this.addBulk(
        queue,
        name,
        missing
          .filter((j) => j.name === name)
          .map((j) => ({ data: j.data, opts: { ...j.opts, jobId: j.jobId } })),
      );
    for (const id of failed) await (await q.getJob(id))?.retry("failed");
    return { added: missing.length, retried: failed.length };
  }

  /**
   * Adds a job once per `everyMs` slot, however many processes call this: the slot is the job
   * id, kept for the slot's length so a later tick of the same slot adds nothing. Returns stop.
   * (A BullMQ job scheduler would keep a delayed job in the queue at all times.)
   */
  every<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobInput<Q, N>,
    everyMs: number,
  ): () => void {
    const tick = () => {
      const slot = Math.floor(Date.now() / everyMs);
      this.add(queue, name, data, {
        jobId: `${name}-${slot}`,
        removeOnComplete: { age: Math.ceil(everyMs / 1000) },
        removeOnFail: { age: Math.ceil(everyMs / 1000) },
      }).catch(() => undefined); // Redis away: the next tick tries again
    };
    tick();
    const timer = setInterval(tick, Math.min(everyMs, 60_000));
    timer.unref();
    return () => clearInterval(timer);
  }

  /**
   * Starts a worker; each job is validated and routed to its handler by name. A handler's
   * failure is retried with backoff (see retry.ts) unless it is permanent (bad input), which
   * fails the job at once. A job whose worker died is taken over once its lock lapses, up to
   * `maxStalledCount` times (a crash or a Redis restart each count once).
   */
  worker<Q extends QueueName>(queue: Q, handlers: Handlers<Q>, opts: Partial<WorkerOptions> = {}): Worker {
    const worker = new Worker(
      queue,
      async (job: Job, token?: string) => {
        if (isDataLost(job)) return this.dataLost(queue, job);
        const handler = (
          handlers as Record<
            string,
            ((d: unknown, j: Job, t: string | undefined) => Promise<unknown>) | undefined
          >
        )[job.name];
        if (!handler) throw new UnrecoverableError(`no handler for job ${queue}/${job.name}`);
        const schema = jobSchema(queue, job.name as JobName<Q>);
        const parsed = schema?.safeParse(job.data);
        if (!parsed?.success) throw new UnrecoverableError(`invalid payload for ${queue}/${job.name}`);
        const started = performance.now();
        try {
          const result = await handler(parsed.data, job, token);
          this.options.observe?.(queue, job.name, (performance.now() - started) / 1000, "completed");
          return result;
        } catch (err) {
          // A job moved back to wait (DelayedError) has neither completed nor failed.
          if (err instanceof DelayedError) throw err;
          this.options.observe?.(queue, job.name, (performance.now() - started) / 1000, "failed");
          if (!(err instanceof UnrecoverableError) && failureKind(err) === "permanent") throw permanent(err);
          throw err;
        }
      },
      {
        connection: this.connection(true),
        prefix: this.options.prefix,
        maxStalledCount: 3,
        ...opts,
        settings: { backoffStrategy: (attemptsMade: number) => retryDelay(attemptsMade), ...opts.settings },
      },
      ClosableConnection,
    );
    // A job found without its data left a ghost of it (the completion's own fields): removed.
    worker.on("completed", (job) => {
      if (job.id && this.lostJobs.delete(job.id)) void job.remove().catch(() => undefined);
    });
    this.workers.push(worker);
    return worker;
  }

  /**
   * A job whose data is gone is not failed as a job without a name (a failed job nobody owes
   * anything for, in the failed set for a week): it is finished and removed, and the loss told
   * to the listeners, whose reconciliation queues the work again under its own id.
   */
  private dataLost(queue: QueueName, job: Job): string {
    if (job.id) this.lostJobs.add(job.id);
    for (const listener of this.lostListeners) listener(queue);
    return "data lost";
  }

  /** A shared command connection, for the few Redis keys that are not queues (limits, semaphores). */
  redis(): Redis {
    this.shared ??= this.connection(false);
    return this.shared;
  }

  /** The completion events of a queue (one blocking connection per queue and process). */
  events(name: QueueName): QueueEvents {
    let events = this.events_.get(name);
    if (!events) {
      events = new QueueEvents(
        name,
        { connection: this.connection(true), prefix: this.options.prefix },
        ClosableConnection,
      );
      events.on("error", () => undefined);
      this.events_.set(name, events);
    }
    return events;
  }

  /** Job counts per state of each queue (for metrics and dashboards). */
  async counts(queues: readonly QueueName[]): Promise<Record<string, Record<string, number>>> {
    const entries = await Promise.all(
      queues.map(async (q) => [q, await this.queue(q).getJobCounts(...JOB_STATES)] as const),
    );
    return Object.fromEntries(entries);
  }

  /** Whether Redis answers (health checks). */
  async ping(): Promise<boolean> {
    try {
      return (await this.redis().ping()) === "PONG";
    } catch {
      return false;
    }
  }

  /** Closes workers (waiting for their jobs in flight), queues and connections; once. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.all(this.workers.map((w) => w.close()));
      await Promise.all([...this.events_.values()].map((e) => e.close()));
      await Promise.all([...this.queues.values()].map((q) => q.close()));
      await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
    })();
    return this.closing;
  }
}

/** The same failure, marked so that BullMQ does not retry it. */
function permanent(err: unknown): UnrecoverableError {
  const error = err as Error;
  const marked = new UnrecoverableError(error.message);
  marked.stack = error.stack;
  marked.cause = err;
  return marked;
}

function validate<Q extends QueueName, N extends JobName<Q>>(queue: Q, name: N, data: unknown): unknown {
  const schema = jobSchema(queue, name);
  if (!schema) throw new Error(`unknown job ${queue}/${name}`);
  return schema.parse(data);
}
