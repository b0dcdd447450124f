import { DAY_MS, HOUR_MS } from "@catalog/contracts";
import type { Config } from "@catalog/config";
import { DependenciesRepository, MirrorStateRepository, type Database } from "@catalog/db";
import type { Logger, Metrics } from "@catalog/observability";
import { failedForGood, logWorkerEvents, throttled, type JobBus } from "@catalog/queue";
import type { Worker } from "bullmq";
import { AdvisoryMatcher } from "./dependencies/advisory-matcher.js";
import { DepsDevClient } from "./dependencies/depsdev.client.js";
import { JsonClient } from "./dependencies/json-client.js";
import { MatchAdvisoriesService } from "./dependencies/match-advisories.service.js";
import { OsvClient } from "./dependencies/osv.client.js";
import { RefreshDueService } from "./dependencies/refresh-due.service.js";
import { ResolveDependenciesService } from "./dependencies/resolve.service.js";
import { QueueFence } from "./mirror/fence.js";
import { CatalogHandOver } from "./mirror/hand-over.js";
import { MirrorService, type MirrorStats } from "./mirror/mirror.service.js";
import { createRegistrySource, type RegistrySource } from "./mirror/registry-source.js";

export type IngestDeps = {
  db: Database;
  bus: JobBus;
  log: Logger;
  config: Pick<
    Config,
    | "REGISTRY_URL"
    | "REGISTRY_SNAPSHOT"
    | "REGISTRY_MIN_INTERVAL_MS"
    | "REGISTRY_TIMEOUT_MS"
    | "MIRROR_EVERY_MS"
    | "MIRROR_FULL_EVERY_MS"
    | "MIRROR_ON_START"
    | "WORKER_LOCK_MS"
  >;
};

/** The registry configured by REGISTRY_URL, falling back to REGISTRY_SNAPSHOT when unreachable. */
export function configuredSource({ log, config }: IngestDeps): RegistrySource {
  return createRegistrySource(config, (err) =>
    log.warn(
      { err: err.message, snapshot: config.REGISTRY_SNAPSHOT },
      "registry unreachable; mirroring the snapshot",
    ),
  );
}

/** The mirror of `source`; skipped invalid entries are counted in `metrics` when given. */
export function createMirror(
  { db, bus, log, metrics }: Pick<IngestDeps, "db" | "bus" | "log"> & { metrics?: Metrics },
  source: RegistrySource,
  fullEveryMs: number,
): MirrorService {
  const handOver = CatalogHandOver.create(db.prisma, bus);
  return new MirrorService(source, new MirrorStateRepository(db.prisma), handOver, log, {
    pageSize: 100,
    fullEveryMs,
    fence: new QueueFence(bus),
    onInvalid: () => metrics?.mirrorInvalidEntries.inc(),
    onPage: mirrorProgress(log, metrics),
  });
}

const MIRROR_SCHEDULE = "mirror-hourly";

/**
 * The mirror's progress: the counts in the metrics after every page, and a log line at most
 * every 10 s with the rate (the registry does not say how many versions it holds, so no ETA).
 */
function mirrorProgress(log: Logger, metrics: Metrics | undefined): (stats: MirrorStats) => void {
  let started: number | undefined;
  let logged = 0;
  return (stats) => {
    const now = Date.now();
    if (stats.pages === 1 || started === undefined) started = now;
    metrics?.mirrorRunPages.set(stats.pages);
    metrics?.mirrorRunVersions.set(stats.seen);
    if (now - logged < 10_000) return;
    logged = now;
    const perSecond = Math.round(stats.seen / Math.max(0.001, (now - started) / 1000));
    log.info({ ...stats, perSecond }, "mirror progress");
  };
}

/**
 * The hourly mirror: a BullMQ job scheduler plus one pass at start, consumed by a worker that
 * runs one pass at a time across every ingest replica.
 */
export async function startMirrorWorker(deps: IngestDeps, mirror: MirrorService): Promise<Worker> {
  const { bus, log, config } = deps;
  await declareMirrorSchedule(bus, config.MIRROR_EVERY_MS);
  if (config.MIRROR_ON_START) {
    await bus.add("mirror", "mirror", { mode: "auto" }, { deduplication: { id: "mirror-on-start" } });
  }
  // The lock is renewed while a pass runs, however long; its length is how soon another replica
  // takes over the pass of a process that died (it resumes at the last queued page).
  const worker = bus.worker(
    "mirror",
    { mirror: (data) => mirror.run(data.mode) },
    { concurrency: 1, lockDuration: config.WORKER_LOCK_MS, stalledInterval: config.WORKER_LOCK_MS },
  );
  worker.on("failed", (job, err) =>
    failedForGood(job, err)
      ? log.error({ job: job?.id, err: err.message }, "mirror run failed")
      : log.warn(
          { job: job?.id, attempt: job?.attemptsMade, err: err.message },
          "mirror run interrupted; retrying from its last queued page",
        ),
  );
  worker.on(
    "error",
    throttled((err, suppressed) => log.warn({ err: err.message, suppressed }, "mirror worker error")),
  );
  return worker;
}

/**
 * The hourly job scheduler and the one-pass-at-a-time rule (a global concurrency of 1), which
 * live in Redis only: declared at start and again by the reconciler whenever Redis answers again
 * or comes back without its data.
 */
export async function declareMirrorSchedule(bus: JobBus, everyMs: number): Promise<void> {
  const queue = bus.queue("mirror");
  await queue.setGlobalConcurrency(1);
  await queue.upsertJobScheduler(
    MIRROR_SCHEDULE,
    { every: everyMs },
    { name: "mirror", data: { mode: "auto" } },
  );
}

/**
 * With the mirror switched off: the hourly schedule an earlier start left in Redis is removed,
 * with the passes it had queued, so that nothing waits for a worker that will not come.
 */
export async function stopMirrorSchedule({ bus, log }: Pick<IngestDeps, "bus" | "log">): Promise<void> {
  const queue = bus.queue("mirror");
  await queue.removeJobScheduler(MIRROR_SCHEDULE);
  await queue.drain(true);
  log.info("registry mirror switched off (MIRROR_ENABLED=false): no registry request is made");
}

export type DependencySettings = Pick<
  Config,
  | "DEPSDEV_URL"
  | "OSV_URL"
  | "DEPENDENCY_TIMEOUT_MS"
  | "DEPENDENCY_RETRIES"
  | "DEPSDEV_MIN_INTERVAL_MS"
  | "OSV_MIN_INTERVAL_MS"
  | "DEPENDENCY_REFRESH_DAYS"
  | "DEPENDENCY_MONITOR_TOP"
  | "DEPENDENCY_CONCURRENCY"
  | "WORKER_LOCK_MS"
>;

export type DependencyServices = {
  resolve: ResolveDependenciesService;
  refreshDue: RefreshDueService;
  matchAdvisories: MatchAdvisoriesService;
};

/** deps.dev and OSV behind their configured base URLs, timeouts, retries and rate limits. */
export function createDependencyServices(
  { db, bus }: Pick<IngestDeps, "db" | "bus">,
  config: DependencySettings,
  now?: () => Date,
): DependencyServices {
  const client = (baseUrl: string, minIntervalMs: number) =>
    new JsonClient({
      baseUrl,
      timeoutMs: config.DEPENDENCY_TIMEOUT_MS,
      retries: config.DEPENDENCY_RETRIES,
      minIntervalMs,
    });
  const depsDev = new DepsDevClient(client(config.DEPSDEV_URL, config.DEPSDEV_MIN_INTERVAL_MS));
  const matcher = new AdvisoryMatcher(
    new OsvClient(client(config.OSV_URL, config.OSV_MIN_INTERVAL_MS)),
    depsDev,
  );
  const repo = new DependenciesRepository(db.prisma);
  return {
    resolve: new ResolveDependenciesService(
      repo,
      depsDev,
      matcher,
      bus,
      { refreshDays: config.DEPENDENCY_REFRESH_DAYS, monitorTop: config.DEPENDENCY_MONITOR_TOP },
      now,
    ),
    refreshDue: new RefreshDueService(repo, bus, now),
    matchAdvisories: new MatchAdvisoriesService(repo, matcher, bus, now),
  };
}

/**
 * The dependency jobs: resolve on each new release (queued by the catalog), refresh-due hourly,
 * match-advisories daily. Returns the worker and a stop for the schedules.
 */
export function startDependencyWorker(
  { bus, log }: Pick<IngestDeps, "bus" | "log">,
  services: DependencyServices,
  config: Pick<DependencySettings, "DEPENDENCY_CONCURRENCY" | "WORKER_LOCK_MS">,
): { worker: Worker; stop: () => void } {
  const worker = bus.worker(
    "dependencies",
    {
      resolve: (data) => services.resolve.resolve(data.serverName, data.force),
      "refresh-due": () => services.refreshDue.run(),
      "match-advisories": () => services.matchAdvisories.run(),
    },
    {
      concurrency: Math.max(1, config.DEPENDENCY_CONCURRENCY),
      lockDuration: config.WORKER_LOCK_MS,
      stalledInterval: config.WORKER_LOCK_MS,
    },
  );
  logWorkerEvents(worker, log, "dependency");
  const stops = [
    bus.every("dependencies", "refresh-due", {}, HOUR_MS),
    bus.every("dependencies", "match-advisories", {}, DAY_MS),
  ];
  return { worker, stop: () => stops.forEach((s) => s()) };
}
