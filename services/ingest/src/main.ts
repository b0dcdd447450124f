import { loadConfig } from "@catalog/config";
import { CatalogRepository, Database, MirrorStateRepository } from "@catalog/db";
import { createLogger, runUntilSignal, startHealthServer } from "@catalog/observability";
import { JobBus } from "@catalog/queue";
import { MirrorService } from "./mirror/mirror.service.js";
import { createRegistrySource } from "./mirror/registry-source.js";

const config = loadConfig();
const log = createLogger("ingest", config.LOG_LEVEL);

await runUntilSignal(log, async () => {
  const db = new Database(
    { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: "ingest" },
    (err) => log.warn({ err }, "postgres connection error"),
  );
  const bus = new JobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX });
  const source = createRegistrySource(config, (err) =>
    log.warn(
      { err: err.message, snapshot: config.REGISTRY_SNAPSHOT },
      "registry unreachable; mirroring the snapshot",
    ),
  );
  const mirror = new MirrorService(
    source,
    new MirrorStateRepository(db.prisma),
    new CatalogRepository(db.prisma),
    bus,
    log,
    {
      pageSize: 100,
      fullEveryMs: config.MIRROR_FULL_EVERY_MS,
    },
  );

  // One mirror pass at a time across every ingest replica.
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

  const health = await startHealthServer(config.INGEST_PORT, async () => ({
    postgres: await db.ping(),
    redis: await bus.ping(),
  }));
  log.info({ port: config.INGEST_PORT, source: source.description }, "ingest started");
  return {
    stop: async () => {
      await bus.close();
      health.close();
      await db.close();
    },
  };
});
