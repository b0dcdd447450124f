import type { Server } from "node:http";
import type { Database } from "@catalog/db";
import { metricsRoute, startHealthServer, type Metrics } from "@catalog/observability";
import type { JobBus } from "@catalog/queue";
import { internalRoutes } from "../http/internal.routes.js";
import type { SearchEngine } from "../query/search.engine.js";

export type SearchServersDeps = {
  ports: { api: number; metrics: number };
  db: Database;
  bus: JobBus;
  engine: SearchEngine;
  metrics: Metrics | undefined;
  /** Whether the keyword index is loaded (health: the replica answers only then). */
  keywordReady: () => boolean;
  /** What the vectors are (exact scan, graph, Qdrant), once loaded. */
  vectors: () => string | null;
  /** Said in /healthz beside the checks. */
  about: () => Record<string, unknown>;
};

/** Two ports, so a network policy can let the gateway reach the API and monitoring the metrics. */
export async function startSearchServers(
  deps: SearchServersDeps,
): Promise<{ http: Server; monitor: Server }> {
  const { db, bus, metrics, about } = deps;
  const health = async () => ({
    postgres: await db.ping(),
    redis: await bus.ping(),
    keyword_index: deps.keywordReady(),
  });
  const routes = internalRoutes(
    deps.engine,
    () => ({ vectors: deps.vectors() }),
    deps.keywordReady,
    () => metrics?.searchVectorsLate.inc(),
  );
  return {
    http: await startHealthServer(deps.ports.api, health, routes, about),
    monitor: await startHealthServer(
      deps.ports.metrics,
      health,
      metrics && { "/metrics": metricsRoute(metrics) },
      about,
    ),
  };
}
