import type { Config } from "@catalog/config";
import { CatalogRepository, MirrorStateRepository, type Database } from "@catalog/db";
import type { Logger } from "@catalog/observability";
import type { JobBus } from "@catalog/queue";
import type { Worker } from "bullmq";
import { VersionHandOver } from "./mirror/hand-over.js";
import { MirrorService } from "./mirror/mirror.service.js";
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

export function createMirror(
  { db, bus, log }: Pick<IngestDeps, "db" | "bus" | "log">,
  source: RegistrySource,
  fullEveryMs: number,
): MirrorService {
  const handOver = new VersionHandOver(new CatalogRepository(db.prisma), bus);
  return new MirrorService(source, new MirrorStateRepository(db.prisma), handOver, log, {
    pageSize: 100,
    fullEveryMs,
  });
}

/**
 * The hourly mirror: a BullMQ job scheduler plus one pass at start, consumed by a worker that
 * runs one pass at a time across every ingest replica.
 */
export async function startMirrorWorker(deps: IngestDeps, mirror: MirrorService): Promise<Worker> {
  const { bus, log, config } = deps;
  const queue = bus.queue("mirror");
  await queue.setGlobalConcurrency(1);
  await queue.upsertJobScheduler(
    "mirror-hourly",
    { every: config.MIRROR_EVERY_MS },
    { name: "mirror", data: { mode: "auto" } },
  );
  if (config.MIRROR_ON_START) {
    await bus.add("mirror", "mirror", { mode: "auto" }, { deduplication: { id: "mirror-on-start" } });
  }
  const worker = bus.worker(
    "mirror",
    { mirror: (data) => mirror.run(data.mode) },
    { concurrency: 1, lockDuration: 120_000 },
  );
  worker.on("failed", (job, err) => log.error({ job: job?.id, err: err.message }, "mirror run failed"));
  worker.on("error", (err) => log.warn({ err: err.message }, "mirror worker error"));
  return worker;
}
