import express from "express";
import { RegistryRepository, ServerReadRepository, type Database } from "@catalog/db";
import { createMetrics, type Logger, type Metrics } from "@catalog/observability";
import type { JobBus } from "@catalog/queue";
import { errorHandler, notFound } from "./http/errors.js";
import { httpMetrics } from "./http/metrics.js";
import { requestId } from "./http/request-id.js";
import { RegistryService } from "./registry/registry.service.js";
import { adminRoutes } from "./routes/admin.routes.js";
import { categoriesRoutes } from "./routes/categories.routes.js";
import { healthRoutes } from "./routes/health.routes.js";
import { registryRoutes } from "./routes/registry.routes.js";
import { searchRoutes } from "./routes/search.routes.js";
import { serversRoutes } from "./routes/servers.routes.js";
import type { SearchClient } from "./search-client.js";
import { ConnectionService } from "./servers/connection.service.js";
import { DependenciesService } from "./servers/dependencies.service.js";
import { QualityService } from "./servers/quality.service.js";
import { ServersService } from "./servers/servers.service.js";

export type GatewayDeps = {
  db: Database;
  bus: JobBus;
  search: SearchClient;
  log: Logger;
  /** Prometheus metrics of this process (served on the internal metrics port). */
  metrics?: Metrics;
  /** Token of the operators' admin paths; unset: they answer 404. */
  adminToken?: string | undefined;
};

/** The HTTP edge: one router per surface, then 404 for everything else. */
export function createApp(deps: GatewayDeps): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", "weak");
  app.set("query parser", "simple");
  app.use(requestId);
  app.use(httpMetrics(deps.metrics ?? createMetrics("gateway")));
  app.use(adminRoutes(deps.bus, deps.adminToken));
  app.use(
    healthRoutes({
      dependencies: async () => ({ postgres: await deps.db.ping(), redis: await deps.bus.ping() }),
      searchMode: () => deps.search.mode(),
    }),
  );
  app.use("/v0.1", registryRoutes(new RegistryService(new RegistryRepository(deps.db.prisma))));
  app.use("/v1", searchRoutes(deps.search), categoriesRoutes(), serversRoutes(v1Services(deps.db)));
  app.use(notFound);
  app.use(errorHandler(deps.log));
  return app;
}

function v1Services(db: Database) {
  const reads = new ServerReadRepository(db.pool);
  return {
    servers: new ServersService(reads),
    connections: new ConnectionService(reads),
    quality: new QualityService(reads),
    dependencies: new DependenciesService(reads),
  };
}
