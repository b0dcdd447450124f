import { loadConfig } from "@catalog/config";
import { Database } from "@catalog/db";
import { createLogger, runUntilSignal, startHealthServer } from "@catalog/observability";
import { JobBus } from "@catalog/queue";
import { configuredSource, createMirror, startMirrorWorker } from "./ingest.js";

const config = loadConfig();
const log = createLogger("ingest", config.LOG_LEVEL);

await runUntilSignal(log, async () => {
  const db = new Database(
    { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: "ingest" },
    (err) => log.warn({ err }, "postgres connection error"),
  );
  const bus = new JobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX });
  const deps = { db, bus, log, config };
  await startMirrorWorker(deps, createMirror(deps, configuredSource(deps), config.MIRROR_FULL_EVERY_MS));
  const health = await startHealthServer(config.INGEST_PORT, async () => ({
    postgres: await db.ping(),
    redis: await bus.ping(),
  }));
  log.info({ port: config.INGEST_PORT, registry: config.REGISTRY_URL }, "ingest started");
  return {
    stop: async () => {
      await bus.close();
      health.close();
      await db.close();
    },
  };
});
