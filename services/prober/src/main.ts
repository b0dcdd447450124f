import { loadConfig } from "@catalog/config";
import { Database } from "@catalog/db";
import {
  createLogger,
  createMetrics,
  jobObserver,
  metricsRoute,
  runUntilSignal,
  startHealthServer,
} from "@catalog/observability";
import { JobBus } from "@catalog/queue";
import { startProber } from "./prober.js";

const config = loadConfig();
const log = createLogger("prober", config.LOG_LEVEL);

await runUntilSignal(log, async () => {
  const db = new Database(
    { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: "prober" },
    (err) => log.warn({ err }, "postgres connection error"),
  );
  const metrics = createMetrics("prober");
  const bus = new JobBus({
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    observe: jobObserver(metrics),
  });
  const prober = startProber({ db, bus, log, config, metrics });
  const health = await startHealthServer(
    config.PROBER_PORT,
    async () => ({ postgres: await db.ping(), redis: await bus.ping() }),
    { "/metrics": metricsRoute(metrics) },
  );
  log.info({ port: config.PROBER_PORT, concurrency: config.PROBER_CONCURRENCY }, "prober started");
  return {
    // Finish the probes in flight (or, past the grace period, leave them to another worker).
    stop: async () => {
      health.close();
      await prober.stop();
      await bus.close();
      await db.close();
    },
  };
});
