import { loadConfig } from "@catalog/config";
import { Database, MirrorStateRepository } from "@catalog/db";
import {
  createLogger,
  createMetrics,
  jobObserver,
  metricsRoute,
  runUntilSignal,
  startHealthServer,
} from "@catalog/observability";
import { JobBus } from "@catalog/queue";
import {
  configuredSource,
  createDependencyServices,
  createMirror,
  startDependencyWorker,
  startMirrorWorker,
} from "./ingest.js";

const config = loadConfig();
const log = createLogger("ingest", config.LOG_LEVEL);

await runUntilSignal(
  log,
  async () => {
    const db = new Database(
      { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: "ingest" },
      (err) => log.warn({ err }, "postgres connection error"),
    );
    const metrics = createMetrics("ingest");
    const bus = new JobBus({
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      observe: jobObserver(metrics),
    });
    const deps = { db, bus, log, config };
    await startMirrorWorker(deps, createMirror(deps, configuredSource(deps), config.MIRROR_FULL_EVERY_MS));
    const dependencies = startDependencyWorker(deps, createDependencyServices(deps, config), config);
    const mirrorState = new MirrorStateRepository(db.prisma);
    const health = await startHealthServer(
      config.INGEST_PORT,
      async () => ({ postgres: await db.ping(), redis: await bus.ping() }),
      {
        "/metrics": metricsRoute(metrics, async () => {
          const { lastSuccessAt } = await mirrorState.get();
          if (!lastSuccessAt) return;
          metrics.mirrorLastSuccess.set(lastSuccessAt.getTime() / 1000);
          metrics.mirrorLag.set((Date.now() - lastSuccessAt.getTime()) / 1000);
        }),
      },
    );
    log.info(
      {
        port: config.INGEST_PORT,
        registry: config.REGISTRY_URL,
        depsDev: config.DEPSDEV_URL,
        osv: config.OSV_URL,
      },
      "ingest started",
    );
    return {
      stop: async () => {
        dependencies.stop();
        await bus.close();
        health.close();
        await db.close();
      },
    };
  },
  config.SHUTDOWN_GRACE_MS,
);
