import type { Config } from "@catalog/config";
import { CatalogRepository, ToolsRepository, type Database } from "@catalog/db";
import type { Logger } from "@catalog/observability";
import { requestIdOf, type JobBus } from "@catalog/queue";
import type { Worker } from "bullmq";
import { DerivedService } from "./servers/derived.service.js";
import { ObserveToolsService } from "./tools/observe-tools.service.js";
import { UpsertVersionService } from "./versions/upsert-version.service.js";

export type CatalogDeps = {
  db: Database;
  bus: JobBus;
  log: Logger;
  config: Pick<Config, "CATALOG_CONCURRENCY" | "WORKER_LOCK_MS">;
};

/** The catalog's job consumers: every write to the catalog tables goes through here. */
export function startCatalogWorker({ db, bus, log, config }: CatalogDeps): Worker {
  const catalog = new CatalogRepository(db.prisma);
  const upsert = new UpsertVersionService(catalog, new DerivedService(catalog), bus);
  const tools = new ObserveToolsService(catalog, new ToolsRepository(), bus);
  const worker = bus.worker(
    "catalog",
    {
      "upsert-version": (data) => upsert.upsert(data),
      "import-tools": (data) =>
        tools.observe(data.serverName, data.tools, "import", new Date(data.observedAt)),
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
