import express from "express";
import type { Config } from "@catalog/config";
import {
  BlocklistRepository,
  ChecksRepository,
  ProbesRepository,
  RegistryRepository,
  ServerReadRepository,
  type Database,
} from "@catalog/db";
import { createMetrics, type Logger, type Metrics } from "@catalog/observability";
import type { JobBus } from "@catalog/queue";
import { policyFromSettings, systemResolver, type Resolver } from "@catalog/url-policy";
import { BlocklistService } from "./admin/blocklist.service.js";
import { CheckAllowance } from "./checks/allowance.js";
import { CheckWaiter } from "./checks/check-waiter.js";
import { CheckService } from "./checks/check.service.js";
import { errorHandler, notFound } from "./http/errors.js";
import { httpMetrics } from "./http/metrics.js";
import { requestId } from "./http/request-id.js";
import { RegistryService } from "./registry/registry.service.js";
import { adminRoutes } from "./routes/admin.routes.js";
import { blocklistRoutes } from "./routes/blocklist.routes.js";
import { categoriesRoutes } from "./routes/categories.routes.js";
import { checkPageRoutes } from "./routes/check-page.routes.js";
import { checkRoutes } from "./routes/check.routes.js";
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
  config: GatewayConfig;
  /** Tests resolve their own names; production uses the system resolver. */
  resolver?: Resolver;
  /** Prometheus metrics of this process (served on the internal metrics port). */
  metrics?: Metrics;
};

export type GatewayConfig = Pick<
  Config,
  | "NODE_ENV"
  | "BASE_URL"
  | "ADMIN_TOKEN"
  | "QUEUE_PREFIX"
  | "URL_POLICY_TEST_MODE"
  | "CHECK_LIMIT_ANONYMOUS"
  | "CHECK_LIMIT_ACCOUNT"
  | "CHECK_LIMIT_HOST"
  | "CHECK_LIMIT_GLOBAL"
  | "CHECK_REPEAT_WINDOW_MS"
  | "CHECK_RETENTION_DAYS"
>;

function checkService(deps: GatewayDeps): CheckService {
  const { config, bus } = deps;
  const redis = bus.redis();
  return new CheckService(
    new ChecksRepository(deps.db.prisma),
    new ProbesRepository(deps.db.prisma),
    new CheckAllowance(redis, config.QUEUE_PREFIX, {
      host: config.CHECK_LIMIT_HOST,
      global: config.CHECK_LIMIT_GLOBAL,
    }),
    new CheckWaiter(bus.events("prober")),
    redis,
    bus,
    {
      policy: policyFromSettings(config.URL_POLICY_TEST_MODE, config.NODE_ENV),
      resolver: deps.resolver ?? systemResolver,
      repeatWindowMs: config.CHECK_REPEAT_WINDOW_MS,
      retentionDays: config.CHECK_RETENTION_DAYS,
      prefix: config.QUEUE_PREFIX,
    },
  );
}

/** The HTTP edge: one router per surface, then 404 for everything else. */
export function createApp(deps: GatewayDeps): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", "weak");
  app.set("query parser", "simple");
  app.use(requestId);
  app.use(httpMetrics(deps.metrics ?? createMetrics("gateway")));
  app.use(adminRoutes(deps.bus, deps.config.ADMIN_TOKEN));
  app.use(
    blocklistRoutes(
      new BlocklistService(new BlocklistRepository(deps.db.prisma), deps.bus),
      deps.config.ADMIN_TOKEN,
    ),
  );
  app.use(
    healthRoutes({
      dependencies: async () => ({ postgres: await deps.db.ping(), redis: await deps.bus.ping() }),
      searchMode: () => deps.search.mode(),
    }),
  );
  app.use("/v0.1", registryRoutes(new RegistryService(new RegistryRepository(deps.db.prisma))));
  app.use("/v1", searchRoutes(deps.search), categoriesRoutes(), serversRoutes(v1Services(deps.db)));
  const checks = checkService(deps);
  app.use(
    checkRoutes(checks, {
      baseUrl: deps.config.BASE_URL.replace(/\/$/, ""),
      limits: { anonymous: deps.config.CHECK_LIMIT_ANONYMOUS, account: deps.config.CHECK_LIMIT_ACCOUNT },
    }),
  );
  app.use(checkPageRoutes(checks));
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
