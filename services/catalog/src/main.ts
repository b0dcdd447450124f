import { loadConfig } from "@catalog/config";
import { CatalogRepository, Database, ToolsRepository } from "@catalog/db";
import { createLogger, runUntilSignal, startHealthServer } from "@catalog/observability";
import { JobBus } from "@catalog/queue";
import { DerivedService } from "./servers/derived.service.js";
import { ObserveToolsService } from "./tools/observe-tools.service.js";
import { UpsertVersionService } from "./versions/upsert-version.service.js";

const config = loadConfig();
const log = createLogger("catalog", config.LOG_LEVEL);

await runUntilSignal(log, async () => {
  const db = new Database(
    { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: "catalog" },
    (err) => log.warn({ err }, "postgres connection error"),
  );
  const bus = new JobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX });
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
    log.warn({ job: job?.id, name: job?.name, err: err.message }, "catalog job failed"),
  );
  worker.on("error", (err) => log.warn({ err: err.message }, "catalog worker error"));

  const health = await startHealthServer(config.CATALOG_PORT, async () => ({
    postgres: await db.ping(),
    redis: await bus.ping(),
  }));
  log.info({ port: config.CATALOG_PORT }, "catalog started");
  return {
    stop: async () => {
      await bus.close();
      health.close();
      await db.close();
    },
  };
});
