import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { loadConfig } from "@catalog/config";
import { Database } from "@catalog/db";
import {
  createLogger,
  createMetrics,
  metricsRoute,
  recordQueueCounts,
  runUntilSignal,
  startHealthServer,
} from "@catalog/observability";
import { JobBus, QUEUE_NAMES } from "@catalog/queue";
import { createApp, usageService } from "./app.js";
import { SearchClient } from "./search-client.js";

const config = loadConfig();
const log = createLogger("gateway", config.LOG_LEVEL);

await runUntilSignal(log, async () => {
  const db = new Database(
    { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: "gateway" },
    (err) => log.warn({ err }, "postgres connection error"),
  );
  const bus = new JobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX });
  // Limits fall back to per-replica memory while Redis is not ready: connect before serving.
  if (!(await bus.ping())) log.warn("redis unreachable at start; limits are per replica until it answers");
  const metrics = createMetrics("gateway");
  const deps = {
    db,
    bus,
    search: new SearchClient(config.SEARCH_URL, config.SEARCH_TIMEOUT_MS),
    log,
    config,
    metrics,
  };
  const app = createApp(deps);
  const usage = usageService(deps);
  usage.start(config.USAGE_FLUSH_MS);
  // Queue depths of the whole system are read from Redis when Prometheus scrapes the gateway.
  const internal = await startHealthServer(
    config.METRICS_PORT,
    async () => ({ postgres: await db.ping(), redis: await bus.ping() }),
    {
      "/metrics": metricsRoute(metrics, async () =>
        recordQueueCounts(metrics, await bus.counts(QUEUE_NAMES)),
      ),
    },
  );
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(config.PORT, () => resolve(s));
  });
  server.keepAliveTimeout = 65_000;
  log.info({ port: (server.address() as AddressInfo).port, url: config.BASE_URL }, "gateway listening");
  return {
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      internal.close();
      await usage.stop();
      await bus.close();
      await db.close();
    },
  };
});
