import type { Config } from "@catalog/config";
import { ChecksRepository, type Database } from "@catalog/db";
import type { Logger, Metrics } from "@catalog/observability";
import { logWorkerEvents, type JobBus } from "@catalog/queue";
import type { Worker } from "bullmq";
import { RunPackageCheckService } from "./checks/run-package-check.service.js";
import { bundleHttp, introspectOptions, type IntrospectionSettings } from "./introspection/introspect.js";
import { RunIntrospectionService } from "./introspection/run-introspection.service.js";

export type IntrospectorDeps = {
  db: Database;
  bus: JobBus;
  log: Logger;
  config: IntrospectionSettings &
    Pick<Config, "INTROSPECTION_CONCURRENCY" | "WORKER_LOCK_MS" | "URL_POLICY_TEST_MODE" | "NODE_ENV">;
  metrics?: Metrics;
};

export type Introspector = { worker: Worker; stop: () => Promise<void> };

/**
 * The introspection worker: packages installed and started in the sandbox, from their own queue
 * so that they scale apart from URL probes (production runs them in a Deployment of their own,
 * under a sandboxing runtime class: docs/introspection.md). Package checks go first (someone is
 * waiting), scheduled introspections after; each one's outcome, duration and the cache's size are
 * metrics.
 */
export function startIntrospector({ db, bus, log, config, metrics }: IntrospectorDeps): Introspector {
  const http = bundleHttp(config);
  const options = introspectOptions(config, http);
  const scheduled = new RunIntrospectionService(bus, options, log, metrics);
  const checks = new RunPackageCheckService(new ChecksRepository(db.prisma), options, metrics);
  const worker = bus.worker(
    "introspection",
    {
      check: (data) => checks.run(data.checkId),
      introspect: (data) => scheduled.run(data),
    },
    {
      concurrency: config.INTROSPECTION_CONCURRENCY,
      // An install and a start take minutes: the lock is renewed while the process lives.
      lockDuration: config.WORKER_LOCK_MS,
      stalledInterval: config.WORKER_LOCK_MS,
      maxStalledCount: 2,
    },
  );
  logWorkerEvents(worker, log, "introspection");
  return {
    worker,
    stop: async () => {
      await worker.close();
      await http.close();
    },
  };
}
