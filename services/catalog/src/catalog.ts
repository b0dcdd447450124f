import { DAY_MS, HOUR_MS } from "@catalog/contracts";
import { CategoryClassifier } from "@catalog/categories";
import type { Config } from "@catalog/config";
import {
  CatalogInboxRepository,
  CatalogRepository,
  EvidenceRepository,
  PackageTargetsRepository,
  ProbesRepository,
  QualityHistoryRepository,
  ToolsRepository,
  type Database,
} from "@catalog/db";
import type { Logger } from "@catalog/observability";
import { announceChanges, logWorkerEvents, type JobBus } from "@catalog/queue";
import type { OwedWork } from "@catalog/runtime";
import type { Job, Worker } from "bullmq";
import { owedCategories } from "./owed/categories.owed.js";
import { owedInbox } from "./owed/inbox.owed.js";
import { owedIntrospections } from "./owed/introspections.owed.js";
import { RecordIntrospectionService } from "./introspections/record-introspection.service.js";
import { ScheduleIntrospectionsService } from "./introspections/schedule-introspections.service.js";
import { owedProbes } from "./owed/probes.owed.js";
import { RecordProbeService } from "./probes/record-probe.service.js";
import { ScheduleProbesService } from "./probes/schedule-probes.service.js";
import { DailyScoresService } from "./quality/daily-scores.service.js";
import { DerivedService } from "./servers/derived.service.js";
import { RefreshServersService } from "./servers/refresh-servers.service.js";
import { CountTokensService } from "./tools/count-tokens.service.js";
import { ObserveToolsService } from "./tools/observe-tools.service.js";
import { UpsertVersionService } from "./versions/upsert-version.service.js";

export type CatalogDeps = {
  db: Database;
  bus: JobBus;
  log: Logger;
  config: Pick<Config, "CATALOG_CONCURRENCY" | "WORKER_LOCK_MS" | "PROBE_INTERVAL_MS"> &
    Partial<Pick<Config, "DEPENDENCIES_ENABLED" | "INTROSPECTIONS_PER_HOUR">>;
  /** Assigns categories; keyword rules alone when not given (EMBEDDING_PROVIDER=none). */
  classifier?: CategoryClassifier;
  /** The clock of trust and quality (tests move it). */
  now?: () => Date;
};

/** New remotes get their first probe within this time (or the interval, if shorter). */
const FIRST_PROBE_WITHIN_MS = HOUR_MS;

/** The catalog's job consumers: every write to the catalog tables goes through here. */
export function startCatalogWorker({ db, bus, log, config, classifier, now }: CatalogDeps): Worker {
  const catalog = new CatalogRepository(db.prisma);
  const probes = new ProbesRepository(db.prisma);
  const packages = new PackageTargetsRepository(db.prisma);
  const derived = new DerivedService(
    catalog,
    probes,
    packages,
    new EvidenceRepository(),
    classifier ?? CategoryClassifier.keywords(),
    bus,
    Math.min(FIRST_PROBE_WITHIN_MS, config.PROBE_INTERVAL_MS),
    now,
  );
  const upsert = new UpsertVersionService(catalog, derived, bus, config.DEPENDENCIES_ENABLED ?? true);
  const toolsRepo = new ToolsRepository();
  const tools = new ObserveToolsService(catalog, toolsRepo, derived, bus);
  const recordProbe = new RecordProbeService(catalog, probes, derived, tools, bus);
  const schedule = new ScheduleProbesService(probes, bus, config.PROBE_INTERVAL_MS);
  const recordIntrospection = new RecordIntrospectionService(catalog, packages, derived, tools, bus);
  const scheduleIntrospections = new ScheduleIntrospectionsService(
    packages,
    bus,
    config.INTROSPECTIONS_PER_HOUR ?? 0,
  );
  const refresh = new RefreshServersService(catalog, derived);
  const daily = new DailyScoresService(catalog, new QualityHistoryRepository(), derived, bus, now);
  // Each job that writes a server's read model announces it once committed; a failed
  // announcement fails the job, whose retry (idempotent) announces again.
  const announce = <T>(change: string, result: T) =>
    announceChanges(bus.redis(), bus.prefix, [change]).then(() => result);
  // A handed-over job's work is written: the inbox no longer owes it (a crash before this line
  // queues it again, and writing it again changes nothing).
  const inbox = new CatalogInboxRepository(db.prisma);
  const received = <T>(job: Job, result: T) => inbox.done(job.id!).then(() => result);
  const tokens = new CountTokensService(db.prisma, toolsRepo, (servers) =>
    announceChanges(bus.redis(), bus.prefix, servers),
  );
  const worker = bus.worker(
    "catalog",
    {
      "upsert-version": async (data, job) =>
        received(job, await announce(data.entry.server.name, await upsert.upsert(data))),
      "import-tools": async (data, job) =>
        received(
          job,
          await announce(
            data.serverName,
            await tools.observe(data.serverName, data.tools, "import", new Date(data.observedAt)),
          ),
        ),
      "probe-result": async (data) => announce(data.serverName, await recordProbe.record(data)),
      "schedule-probes": () => schedule.tick(),
      "introspection-result": async (data) =>
        announce(data.serverName, await recordIntrospection.record(data)),
      "schedule-introspections": () => scheduleIntrospections.tick(),
      "refresh-servers": async (data) => announce(data.match, await refresh.refresh(data.match)),
      "assign-categories": async (data) =>
        announce(
          data.serverName,
          await catalog.withServerLock(data.serverName, (tx) =>
            derived.assignCategories(tx, data.serverName),
          ),
        ),
      "daily-scores": (data) => daily.fanOut(data.day),
      "record-daily-score": async (data) =>
        announce(data.serverName, await daily.record(data.serverName, data.day)),
      "count-tokens": () => tokens.countAll(),
    },
    {
      concurrency: config.CATALOG_CONCURRENCY,
      lockDuration: config.WORKER_LOCK_MS,
      stalledInterval: config.WORKER_LOCK_MS,
    },
  );
  // Every failed attempt is reported; during an outage that is every job each minute, so
  // retries are logged at debug and only jobs that failed for good at warn.
  return logWorkerEvents(worker, log, "catalog");
}

/** The rolling probe schedule: due probes are queued once per PROBE_SCHEDULE_EVERY_MS. Returns stop. */
export function startProbeScheduler(bus: JobBus, everyMs: number): () => void {
  return bus.every("catalog", "schedule-probes", {}, everyMs);
}

/**
 * The introspection schedule: due packages are queued once per PROBE_SCHEDULE_EVERY_MS, within
 * INTROSPECTIONS_PER_HOUR. Returns stop.
 */
export function startIntrospectionScheduler(bus: JobBus, everyMs: number): () => void {
  return bus.every("catalog", "schedule-introspections", {}, everyMs);
}

/** Counting the tokens of tools written before they were counted: at start, then hourly. Returns stop. */
export function startTokenCount(bus: JobBus): () => void {
  return bus.every("catalog", "count-tokens", {}, HOUR_MS);
}

/** The daily quality job, once per UTC day (slots of a day start at 00:00 UTC). Returns stop. */
export function startDailyScores(bus: JobBus): () => void {
  return bus.every("catalog", "daily-scores", {}, DAY_MS);
}

/**
 * What the catalog owes that PostgreSQL records: handed-over writes, category jobs, probe rounds
 * and introspection rounds.
 */
export function catalogOwedWork({ db, bus }: Pick<CatalogDeps, "db" | "bus">): OwedWork[] {
  return [
    owedInbox(new CatalogInboxRepository(db.prisma), bus),
    owedCategories(new CatalogRepository(db.prisma), bus),
    owedProbes(new ProbesRepository(db.prisma), bus),
    owedIntrospections(new PackageTargetsRepository(db.prisma), bus),
  ];
}
