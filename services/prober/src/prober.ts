import { DAY_MS } from "@catalog/contracts";
import type { Config } from "@catalog/config";
import { ChecksRepository, type Database } from "@catalog/db";
import type { Logger, Metrics } from "@catalog/observability";
import { logWorkerEvents, type JobBus } from "@catalog/queue";
import { policyFromSettings, SafeHttp, type Resolver } from "@catalog/url-policy";
import type { Worker } from "bullmq";
import type { OwedWork } from "@catalog/runtime";
import { RunCheckService } from "./checks/run-check.service.js";
import { RunPackageCheckService } from "./checks/run-package-check.service.js";
import { introspectOptions, type IntrospectionSettings } from "./introspection/introspect.js";
import { owedChecks } from "./owed/checks.owed.js";
import { HostSlots } from "./host-slots.js";
import { ProbeRunner } from "./probe-runner.js";
import { RunProbeService } from "./probes/run-probe.service.js";

export type ProberDeps = {
  db: Database;
  bus: JobBus;
  log: Logger;
  config: Pick<
    Config,
    | "NODE_ENV"
    | "QUEUE_PREFIX"
    | "PROBER_CONCURRENCY"
    | "PROBER_HOST_CONCURRENCY"
    | "PROBE_TIMEOUT_MS"
    | "PROBE_MAX_BODY_BYTES"
    | "PROBE_MAX_TOOLS"
    | "PROBE_MAX_TOOL_BYTES"
    | "PROBE_MAX_DESCRIPTION_CHARS"
    | "PROBE_MAX_SCHEMA_BYTES"
    | "URL_POLICY_TEST_MODE"
    | "WORKER_LOCK_MS"
  > &
    IntrospectionSettings;
  /** Tests resolve their own names; production uses the system resolver. */
  resolver?: Resolver;
  metrics?: Metrics;
};

export type Prober = { worker: Worker; stop: () => Promise<void>; owed: OwedWork[] };

/**
 * The prober's workers: on-demand checks and scheduled probes from one queue (checks go to its
 * head), any number of processes sharing it. BullMQ's locks give each job to one worker; a
 * crashed worker's job is taken over once its lock lapses (stalled-job recovery).
 */
export function startProber({ db, bus, log, config, resolver, metrics }: ProberDeps): Prober {
  const http = new SafeHttp({
    ...policyFromSettings(config.URL_POLICY_TEST_MODE, config.NODE_ENV),
    resolver,
    maxBodyBytes: config.PROBE_MAX_BODY_BYTES,
  });
  const runner = new ProbeRunner(
    http,
    {
      timeoutMs: config.PROBE_TIMEOUT_MS,
      maxTools: config.PROBE_MAX_TOOLS,
      maxToolBytes: config.PROBE_MAX_TOOL_BYTES,
      maxDescriptionChars: config.PROBE_MAX_DESCRIPTION_CHARS,
      maxSchemaBytes: config.PROBE_MAX_SCHEMA_BYTES,
    },
    (outcome, kind) => metrics?.probeOutcomes.inc({ outcome, kind }),
  );
  const slots = new HostSlots(
    bus.redis(),
    config.QUEUE_PREFIX,
    config.PROBER_HOST_CONCURRENCY,
    config.WORKER_LOCK_MS,
  );
  const checksRepo = new ChecksRepository(db.prisma);
  const checks = new RunCheckService(checksRepo, runner, slots, bus);
  const probes = new RunProbeService(runner, slots, bus);
  const stopCleanup = bus.every("prober", "cleanup-checks", {}, DAY_MS);
  const worker = bus.worker(
    "prober",
    {
      check: (data, job, token) => checks.run(data.checkId, job, token),
      probe: (data, job, token) => probes.run(data, job, token),
      "cleanup-checks": async () => checksRepo.deleteExpired(new Date()),
    },
    {
      // PROBER_CONCURRENCY=0 (the introspection Deployment): the worker takes no job.
      concurrency: Math.max(1, config.PROBER_CONCURRENCY),
      autorun: config.PROBER_CONCURRENCY > 0,
      lockDuration: config.WORKER_LOCK_MS,
      stalledInterval: config.WORKER_LOCK_MS,
      maxStalledCount: 2,
    },
  );
  logWorkerEvents(worker, log, "prober");
  return {
    worker,
    // Package checks are run by the introspection worker; a lost one is queued again from here too.
    owed: [
      owedChecks(
        checksRepo,
        {
          url: checks,
          package: new RunPackageCheckService(checksRepo, introspectOptions(config, http), metrics),
        },
        bus,
      ),
    ],
    stop: async () => {
      stopCleanup();
      await worker.close();
      await http.close();
    },
  };
}
