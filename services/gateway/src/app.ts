import express from "express";
import type { Config } from "@catalog/config";
import {
  AccountsRepository,
  ApiKeysRepository,
  RegistryRepository,
  SessionsRepository,
  UsageRepository,
  type Database,
} from "@catalog/db";
import { createMetrics, type Logger, type Metrics } from "@catalog/observability";
import type { JobBus } from "@catalog/queue";
import { AccountService } from "./accounts/account.service.js";
import { ApiKeysService } from "./accounts/api-keys.service.js";
import { oidcSettings } from "./accounts/oidc-settings.js";
import { OidcService } from "./accounts/oidc.service.js";
import { SessionsService } from "./accounts/sessions.service.js";
import { systemClock, type Clock } from "./clock.js";
import { apiAccess } from "./http/api-access.js";
import { errorHandler, notFound } from "./http/errors.js";
import { httpMetrics } from "./http/metrics.js";
import { requestId } from "./http/request-id.js";
import { trustProxySetting } from "./limits/client-address.js";
import { LimitsService, type LimitSettings } from "./limits/limits.service.js";
import { RegistryService } from "./registry/registry.service.js";
import { accountRoutes } from "./routes/account.routes.js";
import { authRoutes } from "./routes/auth.routes.js";
import { adminRoutes } from "./routes/admin.routes.js";
import { healthRoutes } from "./routes/health.routes.js";
import { registryRoutes } from "./routes/registry.routes.js";
import type { SearchClient } from "./search-client.js";
import { UsageService } from "./usage/usage.service.js";

export type GatewayDeps = {
  db: Database;
  bus: JobBus;
  search: SearchClient;
  log: Logger;
  config: Config;
  clock?: Clock;
  /** Prometheus metrics of this process (served on the internal metrics port). */
  metrics?: Metrics;
  /** Token of the operators' admin paths; unset: they answer 404. */
  adminToken?: string | undefined;
};

/** The API surfaces: every request to them passes key resolution and the limits. */
const API_SURFACES = ["/v1", "/mcp", "/v0.1"];

export function limitSettings(config: Config): LimitSettings {
  return {
    anonymousPerWindow: config.RATE_LIMIT_ANONYMOUS,
    accountPerWindow: config.RATE_LIMIT_ACCOUNT,
    windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
    dailyQuota: config.DAILY_QUOTA_ACCOUNT,
  };
}

/** Per-account usage counting and its flush to PostgreSQL (main.ts runs the flush timer). */
export function usageService(deps: GatewayDeps): UsageService {
  const { db, bus, log } = deps;
  return new UsageService(
    bus.redis(),
    bus.prefix,
    new UsageRepository(db.prisma),
    new ApiKeysRepository(db),
    deps.clock ?? systemClock,
    log,
  );
}

/** The HTTP edge: one router per surface, then 404 for everything else. */
export function createApp(deps: GatewayDeps): express.Express {
  const { config, db, bus } = deps;
  const clock = deps.clock ?? systemClock;
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", "weak");
  app.set("query parser", "simple");
  app.set("trust proxy", trustProxySetting(config.TRUSTED_PROXIES));
  app.use(requestId);
  app.use(httpMetrics(deps.metrics ?? createMetrics("gateway")));
  app.use(adminRoutes(deps.bus, deps.adminToken));
  app.use(
    healthRoutes({
      dependencies: async () => ({ postgres: await db.ping(), redis: await bus.ping() }),
      searchMode: () => deps.search.mode(),
    }),
  );

  const limits = new LimitsService(bus.redis(), bus.prefix, limitSettings(config), clock);
  const keys = new ApiKeysService(new ApiKeysRepository(db), config.ACTIVE_KEYS_PER_ACCOUNT, clock);
  const usage = usageService(deps);
  app.use(API_SURFACES, apiAccess({ keys, limits: config.RATE_LIMIT_ENABLED ? limits : undefined, usage }));

  const oidc = oidcSettings(config);
  const sessions = new SessionsService(
    new SessionsRepository(db.prisma),
    config.SESSION_TTL_HOURS * 3_600_000,
    clock,
  );
  const accounts = new AccountsRepository(db.prisma);
  const cookies = { secure: new URL(config.BASE_URL).protocol === "https:" };
  app.use(
    authRoutes({
      oidc: oidc && new OidcService(oidc),
      accounts,
      sessions,
      cookies,
      secret: oidc?.secret,
      sessionTtlMs: config.SESSION_TTL_HOURS * 3_600_000,
      log: deps.log,
    }),
  );
  app.use(
    accountRoutes({
      account: new AccountService(accounts, keys, limits, usage, config.ACTIVE_KEYS_PER_ACCOUNT),
      keys,
      sessions,
      cookies,
      limits: limitSettings(config),
      signInAvailable: Boolean(oidc),
    }),
  );

  app.use("/v0.1", registryRoutes(new RegistryService(new RegistryRepository(db.prisma))));
  app.use(notFound);
  app.use(errorHandler(deps.log));
  return app;
}
