import { loadConfig } from "@catalog/config";
import { Database, SearchRepository } from "@catalog/db";
import { createLogger, runUntilSignal, startHealthServer } from "@catalog/observability";
import { JobBus } from "@catalog/queue";
import { IndexService } from "./indexing/index.service.js";

const config = loadConfig();
const log = createLogger("search", config.LOG_LEVEL);

await runUntilSignal(log, async () => {
  const db = new Database(
    { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: "search" },
    (err) => log.warn({ err }, "postgres connection error"),
  );
  const bus = new JobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX });
  const indexer = new IndexService(new SearchRepository(db.prisma));
  const worker = bus.worker(
    "search",
    { "index-server": (data) => indexer.indexServer(data.serverName) },
    { concurrency: 2, lockDuration: config.WORKER_LOCK_MS, stalledInterval: config.WORKER_LOCK_MS },
  );
  worker.on("failed", (job, err) => log.warn({ job: job?.id, err: err.message }, "index job failed"));
  worker.on("error", (err) => log.warn({ err: err.message }, "search worker error"));
  // No embedding provider is wired yet: search answers in keyword mode.
  const health = await startHealthServer(
    config.SEARCH_PORT,
    async () => ({
      postgres: await db.ping(),
      redis: await bus.ping(),
    }),
    {
      "/internal/mode": (_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ mode: "keyword" }));
      },
    },
  );
  log.info({ port: config.SEARCH_PORT }, "search started");
  return {
    stop: async () => {
      await bus.close();
      health.close();
      await db.close();
    },
  };
});
