import type { IncomingMessage, ServerResponse } from "node:http";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * Every Prometheus metric the services export, defined once. The Grafana dashboard and the alert
 * rules in infra/ may only use these names (a test checks it).
 */
export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics(service: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry, prefix: "catalog_" });
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  return {
    registry,
    httpRequests: new Counter({
      name: "catalog_http_requests_total",
      help: "HTTP requests by route, method and status.",
      labelNames: ["route", "method", "status"] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "catalog_http_request_duration_seconds",
      help: "HTTP request latency by route, method and status.",
      labelNames: ["route", "method", "status"] as const,
      buckets: seconds,
      registers: [registry],
    }),
    queueJobs: new Gauge({
      name: "catalog_queue_jobs",
      help: "Jobs per BullMQ queue and state, read from Redis at scrape time.",
      labelNames: ["queue", "state"] as const,
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: "catalog_job_duration_seconds",
      help: "Time to process a job, by queue, job name and outcome (completed or failed).",
      labelNames: ["queue", "job", "outcome"] as const,
      buckets: [...seconds, 60, 120, 300],
      registers: [registry],
    }),
    probeOutcomes: new Counter({
      name: "catalog_probe_outcomes_total",
      help: "Finished probes by outcome and kind (check or scheduled).",
      labelNames: ["outcome", "kind"] as const,
      registers: [registry],
    }),
    introspectionOutcomes: new Counter({
      name: "catalog_introspections_total",
      help: "Finished introspections of packages by outcome and kind (check or scheduled).",
      labelNames: ["outcome", "kind"] as const,
      registers: [registry],
    }),
    introspectionDuration: new Histogram({
      name: "catalog_introspection_duration_seconds",
      help: "Time of one introspection, install and listing included, by kind.",
      labelNames: ["kind"] as const,
      buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300],
      registers: [registry],
    }),
    introspectionCacheBytes: new Gauge({
      name: "catalog_introspection_cache_bytes",
      help: "Bytes of installed packages in this process's cache.",
      registers: [registry],
    }),
    mirrorLastSuccess: new Gauge({
      name: "catalog_mirror_last_success_timestamp_seconds",
      help: "Unix time of the last completed registry mirror run.",
      registers: [registry],
    }),
    mirrorLag: new Gauge({
      name: "catalog_mirror_lag_seconds",
      help: "Seconds since the last completed registry mirror run.",
      registers: [registry],
    }),
    integrationEnabled: new Gauge({
      name: "catalog_integration_enabled",
      help: "1 when an outbound integration (registry_mirror, dependencies, scheduled_probes) is switched on, 0 when off.",
      labelNames: ["integration"] as const,
      registers: [registry],
    }),
    mirrorRunPages: new Gauge({
      name: "catalog_mirror_run_pages",
      help: "Pages the current (or last) registry mirror run has read.",
      registers: [registry],
    }),
    mirrorRunVersions: new Gauge({
      name: "catalog_mirror_run_versions",
      help: "Versions the current (or last) registry mirror run has seen.",
      registers: [registry],
    }),
    readCacheBytes: new Gauge({
      name: "catalog_read_cache_bytes",
      help: "Bytes the gateway's read cache counts for what it keeps (bodies, answers, MCP calls); bounded by READ_CACHE_MAX_BYTES.",
      registers: [registry],
    }),
    readCacheEntries: new Gauge({
      name: "catalog_read_cache_entries",
      help: "Rendered bodies the gateway's read cache keeps.",
      registers: [registry],
    }),
    fastLaneAnswers: new Counter({
      name: "catalog_fast_lane_answers_total",
      help: "Anonymous reads the gateway answered from a kept answer before its routes (the rest of catalog_http_requests_total took the routes).",
      registers: [registry],
    }),
    searchVectorsLate: new Counter({
      name: "catalog_search_vectors_late_total",
      help: "Searches answered by keyword alone because the query's vector did not come within SEARCH_VECTOR_WAIT_MS (the model busy).",
      registers: [registry],
    }),
    searchVectorsPending: new Gauge({
      name: "catalog_search_vectors_pending",
      help: "Texts of the search index without a vector under the loaded model: embedding still owed behind keyword search (counted every 30 s).",
      registers: [registry],
    }),
    mirrorInvalidEntries: new Counter({
      name: "catalog_mirror_invalid_entries_total",
      help: "Upstream registry entries the mirror skipped because they failed validation.",
      registers: [registry],
    }),
    embeddings: new Counter({
      name: "catalog_embeddings_total",
      help: "Texts embedded, by provider and model.",
      labelNames: ["provider", "model"] as const,
      registers: [registry],
    }),
    embeddingDuration: new Histogram({
      name: "catalog_embedding_batch_duration_seconds",
      help: "Time to embed one batch of texts, by provider.",
      labelNames: ["provider"] as const,
      buckets: seconds,
      registers: [registry],
    }),
    redisEvictionUnsafe: new Gauge({
      name: "catalog_redis_eviction_unsafe",
      help: "1 while Redis's maxmemory-policy lets it evict keys (anything but noeviction): queued work can be lost.",
      registers: [registry],
    }),
    redisDataLost: new Counter({
      name: "catalog_redis_data_lost_total",
      help: "Times Redis came back without this deployment's data (restart without persistence, failover to an empty replica).",
      registers: [registry],
    }),
    reconciledJobs: new Counter({
      name: "catalog_reconciled_jobs_total",
      help: "Jobs queued again by a reconciler because PostgreSQL said they were owed and Redis did not hold them, by kind of work and cause.",
      labelNames: ["work", "cause"] as const,
      registers: [registry],
    }),
    limiterRejections: new Counter({
      name: "catalog_limiter_rejections_total",
      help: "Requests refused by a limit, by scope (anonymous, account, daily, check_you, check_host, check_global).",
      labelNames: ["scope"] as const,
      registers: [registry],
    }),
  };
}

/** Feeds job durations from the job bus into the metrics. */
export function jobObserver(metrics: Metrics) {
  return (queue: string, job: string, seconds: number, outcome: "completed" | "failed") =>
    metrics.jobDuration.observe({ queue, job, outcome }, seconds);
}

/** Feeds embedding batches (texts and time) into the metrics, labelled with the provider. */
export function embeddingObserver(metrics: Metrics, provider: string) {
  return ({ model, texts, seconds }: { model: string; texts: number; seconds: number }) => {
    metrics.embeddings.inc({ provider, model }, texts);
    metrics.embeddingDuration.observe({ provider }, seconds);
  };
}

/**
 * GET /metrics in the Prometheus text format. `beforeScrape` refreshes gauges that are read
 * from elsewhere (queue depths in Redis, mirror state in PostgreSQL) just before each scrape.
 */
export function metricsRoute(metrics: Metrics, beforeScrape?: () => Promise<void>) {
  return async (_req: IncomingMessage, res: ServerResponse): Promise<void> => {
    await beforeScrape?.().catch(() => undefined);
    res.writeHead(200, { "content-type": metrics.registry.contentType, "cache-control": "no-store" });
    res.end(await metrics.registry.metrics());
  };
}

/** Sets the queue-depth gauge from job counts per queue and state. */
export function recordQueueCounts(metrics: Metrics, counts: Record<string, Record<string, number>>): void {
  for (const [queue, states] of Object.entries(counts)) {
    for (const [state, n] of Object.entries(states)) metrics.queueJobs.set({ queue, state }, n);
  }
}
