import type { Config } from "@catalog/config";
import type { Logger, Metrics } from "@catalog/observability";
import { logWorkerEvents, type JobBus } from "@catalog/queue";
import { policyFromSettings, SafeHttp } from "@catalog/url-policy";
import type { Worker } from "bullmq";
import { DEFAULT_BUNDLE_LIMITS } from "./introspection/install-mcpb.js";
import type { IntrospectOptions } from "./introspection/introspect.js";
import { cacheBytes } from "./introspection/package-cache.js";
import {
  RunIntrospectionService,
  type IntrospectionObserver,
} from "./introspection/run-introspection.service.js";

export type IntrospectorDeps = {
  bus: JobBus;
  log: Logger;
  config: Pick<
    Config,
    | "INTROSPECTION_CONCURRENCY"
    | "INTROSPECTION_DEADLINE_MS"
    | "INTROSPECTION_INSTALL_TIMEOUT_MS"
    | "INTROSPECTION_CACHE_DIR"
    | "INTROSPECTION_CACHE_MAX_BYTES"
    | "NPM_REGISTRY_URL"
    | "PYPI_INDEX_URL"
    | "INTROSPECTION_PYTHON"
    | "URL_POLICY_TEST_MODE"
    | "NODE_ENV"
    | "WORKER_LOCK_MS"
  >;
  metrics?: Metrics;
};

export type Introspector = { worker: Worker; stop: () => Promise<void> };

/**
 * How the worker installs and starts packages, from the settings. Bundles are downloaded under the
 * URL policy of remote probes (a bundle's URL is the listing's, as untrusted as a remote's).
 */
function introspectOptions(config: IntrospectorDeps["config"], http: SafeHttp): IntrospectOptions {
  return {
    cache: {
      dir: config.INTROSPECTION_CACHE_DIR,
      maxBytes: config.INTROSPECTION_CACHE_MAX_BYTES,
      timeoutMs: config.INTROSPECTION_INSTALL_TIMEOUT_MS,
      ...(config.NPM_REGISTRY_URL ? { registry: config.NPM_REGISTRY_URL } : {}),
      pypiIndex: config.PYPI_INDEX_URL,
      python: config.INTROSPECTION_PYTHON,
    },
    limits: { deadlineMs: config.INTROSPECTION_DEADLINE_MS },
    bundles: { ...DEFAULT_BUNDLE_LIMITS, fetch: (url) => http.fetch(url) },
  };
}

/**
 * The introspection worker: packages installed and started in the sandbox, from their own queue
 * so that they scale apart from URL probes (production runs them in a Deployment of their own,
 * under a sandboxing runtime class: docs/introspection.md). Each job's outcome, duration and the
 * cache's size are metrics.
 */
export function startIntrospector({ bus, log, config, metrics }: IntrospectorDeps): Introspector {
  const http = new SafeHttp({
    ...policyFromSettings(config.URL_POLICY_TEST_MODE, config.NODE_ENV),
    maxBodyBytes: DEFAULT_BUNDLE_LIMITS.maxDownloadBytes + 1,
  });
  const options = introspectOptions(config, http);
  const observe: IntrospectionObserver = (outcome, kind, seconds) => {
    metrics?.introspectionOutcomes.inc({ outcome, kind });
    metrics?.introspectionDuration.observe({ kind }, seconds);
    void cacheBytes(options.cache.dir).then(
      (bytes) => metrics?.introspectionCacheBytes.set(bytes),
      () => undefined, // no cache yet
    );
  };
  const scheduled = new RunIntrospectionService(bus, options, log, observe);
  const worker = bus.worker(
    "introspection",
    { introspect: (data) => scheduled.run(data) },
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
