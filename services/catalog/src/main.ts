import { CategoryClassifier } from "@catalog/categories";
import { loadConfig } from "@catalog/config";
import { Database } from "@catalog/db";
import { createProvider } from "@catalog/embeddings";
import {
  createLogger,
  createMetrics,
  embeddingObserver,
  jobObserver,
  metricsRoute,
  runUntilSignal,
  startHealthServer,
} from "@catalog/observability";
import { JobBus } from "@catalog/queue";
import { startCatalogWorker, startDailyScores, startProbeScheduler } from "./catalog.js";

const config = loadConfig();
const log = createLogger("catalog", config.LOG_LEVEL);

await runUntilSignal(
  log,
  async () => {
    const db = new Database(
      { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: "catalog" },
      (err) => log.warn({ err }, "postgres connection error"),
    );
    const metrics = createMetrics("catalog");
    const bus = new JobBus({
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      observe: jobObserver(metrics),
    });
    // Categories are assigned by the same embedding model the search service uses.
    const provider = await createProvider(config, embeddingObserver(metrics, config.EMBEDDING_PROVIDER));
    const classifier = await CategoryClassifier.create(provider);
    startCatalogWorker({ db, bus, log, config, classifier });
    const stopScheduler = startProbeScheduler(bus, config.PROBE_SCHEDULE_EVERY_MS);
    const stopDaily = startDailyScores(bus);
    const health = await startHealthServer(
      config.CATALOG_PORT,
      async () => ({ postgres: await db.ping(), redis: await bus.ping() }),
      { "/metrics": metricsRoute(metrics) },
    );
    log.info({ port: config.CATALOG_PORT, categories: classifier.model }, "catalog started");
    return {
      stop: async () => {
        stopScheduler();
        stopDaily();
        await provider?.close?.();
        await bus.close();
        health.close();
        await db.close();
      },
    };
  },
  config.SHUTDOWN_GRACE_MS,
);
