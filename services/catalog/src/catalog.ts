import type { Config } from "@catalog/config";
import { CatalogRepository, ProbesRepository, ToolsRepository, type Database } from "@catalog/db";
import type { Logger } from "@catalog/observability";
import { requestIdOf, type JobBus } from "@catalog/queue";
import type { Worker } from "bullmq";
import { RecordProbeService } from "./probes/record-probe.service.js";
import { ScheduleProbesService } from "./probes/schedule-probes.service.js";
import { DerivedService } from "./servers/derived.service.js";
import { ObserveToolsService } from "./tools/observe-tools.service.js";
import { UpsertVersionService } from "./versions/upsert-version.service.js";

export type CatalogDeps = {
  db: Database;
  bus: JobBus;
  log: Logger;
  config: Pick<Config, "CATALOG_CONCURRENCY" | "WORKER_LOCK_MS" | "PROBE_INTERVAL_MS">;
};

/** New remotes get their first probe within this time (or the interval, if shorter). */
const FIRST_PROBE_WITHIN_MS = 3_600_000;

/** The catalog's job consumers: every write to the catalog tables goes through here. */
export function startCatalogWorker({ db, bus, log, config }: CatalogDeps): Worker {
  const catalog = new CatalogRepository(db.prisma);
  const probes = new ProbesRepository(db.prisma);
  const derived = new DerivedService(
    catalog,
    probes,
    Math.min(FIRST_PROBE_WITHIN_MS, config.PROBE_INTERVAL_MS),
  );
  const upsert = new UpsertVersionService(catalog, derived, bus);
  const tools = new ObserveToolsService(catalog, new ToolsRepository(), bus);
  const recordProbe = new RecordProbeService(catalog, probes, derived, tools, bus);
  const schedule = new ScheduleProbesService(probes, bus, config.PROBE_INTERVAL_MS);
  const worker = bus.worker(
    "catalog",
    {
      "upsert-version": (data) => upsert.upsert(data),
      "import-tools": (data) =>
        tools.observe(data.serverName, data.tools, "import", new Date(data.observedAt)),
      "probe-result": (data) => recordProbe.record(data),
      "schedule-probes": () => schedule.tick(),
    },
    {
      concurrency: config.CATALOG_CONCURRENCY,
      lockDuration: config.WORKER_LOCK_MS,
      stalledInterval: config.WORKER_LOCK_MS,
    },
  );
  worker.on("failed", (job, err) =>
    log.warn(
      { job: job?.id, name: job?.name, requestId: requestIdOf(job), err: err.message },
      "catalog job failed",
    ),
  );
  worker.on("error", (err) => log.warn({ err: err.message }, "catalog worker error"));
  return worker;
}

/** The rolling probe schedule: due probes are queued once per PROBE_SCHEDULE_EVERY_MS. Returns stop. */
export function startProbeScheduler(bus: JobBus, everyMs: number): () => void {
  return bus.every("catalog", "schedule-probes", {}, everyMs);
}
