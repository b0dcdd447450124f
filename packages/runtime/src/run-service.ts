import type { Server } from "node:http";
import { integrationStates, loadConfig, type Config } from "@catalog/config";
import { Database, type DatabaseOptions } from "@catalog/db";
import {
  createLogger,
  createMetrics,
  jobObserver,
  metricsRoute,
  runUntilSignal,
  startHealthServer,
  type Logger,
  type Metrics,
  type Stoppable,
} from "@catalog/observability";
import { JobBus } from "@catalog/queue";
import { Reconciler, type OwedWork } from "./reconciler.js";

/** What every service process starts with. */
export type ServiceRuntime = { config: Config; log: Logger; db: Database; bus: JobBus; metrics: Metrics };

type Route = Parameters<typeof startHealthServer>[2];

/**
 * The process around each of the five services: configuration, JSON logger, PostgreSQL pool,
 * job bus (with job durations in the metrics), and a stop on SIGTERM or SIGINT within
 * SHUTDOWN_GRACE_MS. `start` wires the service; its `stop` runs first (stop taking work,
 * finish or return what is in flight), then the job bus and the pool close. `database` adds
 * session settings to every PostgreSQL connection.
 */
export async function runService(
  name: string,
  start: (runtime: ServiceRuntime) => Promise<Stoppable>,
  database: Pick<DatabaseOptions, "sessionOptions"> = {},
): Promise<void> {
  const config = loadConfig();
  const log = createLogger(name, config.LOG_LEVEL);
  await runUntilSignal(
    log,
    async () => {
      const db = new Database(
        { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: name, ...database },
        (err) => log.warn({ err }, "postgres connection error"),
      );
      const metrics = createMetrics(name);
      for (const [integration, state] of Object.entries(integrationStates(config)))
        metrics.integrationEnabled.set({ integration }, state === "on" ? 1 : 0);
      const bus = new JobBus({
        redisUrl: config.REDIS_URL,
        prefix: config.QUEUE_PREFIX,
        observe: jobObserver(metrics),
      });
      const service = await start({ config, log, db, bus, metrics });
      return {
        stop: async () => {
          await service.stop();
          await bus.close();
          await db.close();
        },
      };
    },
    config.SHUTDOWN_GRACE_MS,
  );
}

/**
 * A service's internal HTTP server: /healthz backed by PostgreSQL and Redis (and saying which
 * outbound integrations are switched off, and what `details` tells: a reconciler's last loss of
 * Redis data), /livez, /metrics (`beforeScrape` refreshes gauges read from elsewhere) and any
 * further routes.
 */
export function serveHealth(
  { config, db, bus, metrics }: ServiceRuntime,
  port: number,
  options: {
    routes?: Route;
    beforeScrape?: () => Promise<void>;
    details?: () => Record<string, unknown>;
  } = {},
): Promise<Server> {
  const integrations = integrationStates(config);
  return startHealthServer(
    port,
    async () => ({ postgres: await db.ping(), redis: await bus.ping() }),
    { "/metrics": metricsRoute(metrics, options.beforeScrape), ...options.routes },
    () => ({ integrations, ...options.details?.() }),
  );
}

/**
 * The service's reconciler (see reconciler.ts) over the work it owes, started: at once, when
 * Redis answers again or comes back empty, and every RECONCILE_EVERY_MS. A service that owes
 * nothing still watches Redis, so that a loss of its data is logged, counted and shown.
 */
export function startReconciler(runtime: ServiceRuntime, service: string, work: OwedWork[] = []): Reconciler {
  const reconciler = new Reconciler(runtime, service, work, { everyMs: runtime.config.RECONCILE_EVERY_MS });
  reconciler.start();
  return reconciler;
}
