import { HOUR_MS } from "@catalog/contracts";
import express, { type RequestHandler } from "express";
import { integrationStates, type Config } from "@catalog/config";
import {
  AccountsRepository,
  ApiKeysRepository,
  BlocklistRepository,
  ChecksRepository,
  ProbesRepository,
  RegistryRepository,
  ServerReadRepository,
  SessionsRepository,
  UsageRepository,
  ViewsRepository,
  type Database,
} from "@catalog/db";
import { cachedCheck, createMetrics, type Logger, type Metrics } from "@catalog/observability";
import { announceChanges, type JobBus } from "@catalog/queue";
import { policyFromSettings, systemResolver, type Resolver } from "@catalog/url-policy";
import { AdminTokenThrottle, requireOperator } from "./admin/admin-guard.js";
import { BlocklistService } from "./admin/blocklist.service.js";
import { AccountService } from "./accounts/account.service.js";
import { ApiKeysService } from "./accounts/api-keys.service.js";
import { oidcSettings, type OidcConfig } from "./accounts/oidc-settings.js";
import { OidcService } from "./accounts/oidc.service.js";
import { SessionsService } from "./accounts/sessions.service.js";
import { CheckAllowance } from "./checks/allowance.js";
import { CheckWaiter } from "./checks/check-waiter.js";
import { CheckService } from "./checks/check.service.js";
import { systemClock, type Clock } from "./time/clock.js";
import { apiAccess } from "./access/api-access.js";
import { errorHandler, notFound } from "./http/errors.js";
import { httpMetrics } from "./http/metrics.js";
import { registryCors } from "./http/registry-cors.js";
import { loadViews } from "./registry-views/load-views.js";
import { ViewExportService } from "./registry-views/view-export.service.js";
import { ViewsService } from "./registry-views/views.service.js";
import { requestId } from "./http/request-id.js";
import { batchCounter } from "./mcp/batch-counter.js";
import { trustProxySetting } from "./limits/client-address.js";
import { LimitsService, type LimitSettings } from "./limits/limits.service.js";
import { mcpEndpoint } from "./mcp/mcp-endpoint.js";
import { catalogMcpServer } from "./mcp/mcp-server.js";
import { RegistryService } from "./registry/registry.service.js";
import { accountRoutes } from "./routes/account.routes.js";
import { authRoutes } from "./routes/auth.routes.js";
import { adminRoutes } from "./routes/admin.routes.js";
import { checkPageRoutes, noindex } from "./routes/check-page.routes.js";
import { docsRoutes } from "./routes/docs.routes.js";
import { mountOperations, operationHandlers, type HealthProbe } from "./operations/index.js";
import { weakEtag } from "./http/conditional.js";
import { ReadCache } from "./read-cache/read-cache.js";
import type { KeyCache } from "./accounts/key-cache.js";
import { mcpRoutes } from "./routes/mcp.routes.js";
import type { SearchClient } from "./search/search-client.js";
import { SearchService } from "./search/search.service.js";
import { ConnectionService } from "./servers/connection.service.js";
import { DependenciesService } from "./servers/dependencies.service.js";
import { QualityService } from "./servers/quality.service.js";
import { ServersService } from "./servers/servers.service.js";
import { UsageService } from "./usage/usage.service.js";
import { VERSION } from "./version.js";

export type GatewayDeps = {
  db: Database;
  bus: JobBus;
  search: SearchClient;
  log: Logger;
  config: GatewayConfig;
  /** Tests resolve their own names; production uses the system resolver. */
  resolver?: Resolver;
  /** Tests move time (UTC midnight); production uses the system clock. */
  clock?: Clock;
  /** Prometheus metrics of this process (served on the internal metrics port). */
  metrics?: Metrics;
  /** Rendered reads kept by this replica (read-cache/); none kept when absent. */
  readCache?: ReadCache;
  /** API keys resolved by this replica (accounts/key-cache.ts); every key looked up when absent. */
  keyCache?: KeyCache;
  /** Said in /healthz beside the checks (the last loss of Redis data this replica saw). */
  healthDetails?: HealthProbe["details"];
};

type GatewayConfig = Pick<
  Config,
  | "NODE_ENV"
  | "BASE_URL"
  | "ADMIN_TOKEN"
  | "QUEUE_VIEWER_TOKEN"
  | "VIEWS_FILE"
  | "VIEWS_REFRESH_MS"
  | "QUEUE_PREFIX"
  | "URL_POLICY_TEST_MODE"
  | "CHECK_LIMIT_ANONYMOUS"
  | "CHECK_LIMIT_ACCOUNT"
  | "CHECK_LIMIT_HOST"
  | "CHECK_LIMIT_GLOBAL"
  | "CHECK_REPEAT_WINDOW_MS"
  | "CHECK_RETENTION_DAYS"
  | "TRUSTED_PROXIES"
  | "RATE_LIMIT_ENABLED"
  | "RATE_LIMIT_ANONYMOUS"
  | "RATE_LIMIT_ACCOUNT"
  | "RATE_LIMIT_WINDOW_SECONDS"
  | "DAILY_QUOTA_ACCOUNT"
  | "ACTIVE_KEYS_PER_ACCOUNT"
  | "SESSION_TTL_HOURS"
  | "MIRROR_ENABLED"
  | "DEPENDENCIES_ENABLED"
  | "SCHEDULED_PROBES_ENABLED"
> &
  OidcConfig;

/** The API surfaces and the check pages: every request to them passes key resolution and the limits. */
const API_SURFACES = ["/v1", "/mcp", "/v0.1", "/views", "/check"];

function limitSettings(config: GatewayConfig): LimitSettings {
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

function checkService(
  deps: GatewayDeps,
  baseUrl: string,
  onQuotaExceeded: (scope: string) => void,
): CheckService {
  const { config, bus } = deps;
  const redis = bus.redis();
  return new CheckService(
    new ChecksRepository(deps.db.prisma),
    new ProbesRepository(deps.db.prisma),
    new CheckAllowance(redis, config.QUEUE_PREFIX, {
      host: config.CHECK_LIMIT_HOST,
      global: config.CHECK_LIMIT_GLOBAL,
    }),
    new CheckWaiter(bus.events("prober"), bus.events("introspection")),
    redis,
    bus,
    {
      baseUrl,
      onQuotaExceeded,
      policy: policyFromSettings(config.URL_POLICY_TEST_MODE, config.NODE_ENV),
      resolver: deps.resolver ?? systemResolver,
      repeatWindowMs: config.CHECK_REPEAT_WINDOW_MS,
      retentionDays: config.CHECK_RETENTION_DAYS,
      prefix: config.QUEUE_PREFIX,
    },
  );
}

/** What the surfaces (and the fast lane in front of them) share: one instance each per gateway. */
export type GatewayParts = {
  clock: Clock;
  metrics: Metrics;
  limits: LimitsService;
  /** The limits when they are on (RATE_LIMIT_ENABLED). */
  enforced: LimitsService | undefined;
  reads: ReadCache;
  views: ViewsService;
  keys: ApiKeysService;
  usage: UsageService;
  operators: { admin: RequestHandler; board: RequestHandler };
};

export function gatewayParts(deps: GatewayDeps): GatewayParts {
  const { config, db, bus } = deps;
  const clock = deps.clock ?? systemClock;
  const limits = new LimitsService(bus.redis(), bus.prefix, limitSettings(config), clock);
  return {
    clock,
    metrics: deps.metrics ?? createMetrics("gateway"),
    limits,
    enforced: config.RATE_LIMIT_ENABLED ? limits : undefined,
    reads: deps.readCache ?? ReadCache.disabled(weakEtag),
    // Built-in views, VIEWS_FILE's (checked now: a bad file stops the start) and the stored ones.
    views: new ViewsService(
      new ViewsRepository(db.pool),
      loadViews(config.VIEWS_FILE),
      clock,
      config.VIEWS_REFRESH_MS,
      () => announceChanges(bus.redis(), bus.prefix, ["*"]),
    ),
    keys: new ApiKeysService(
      new ApiKeysRepository(db),
      config.ACTIVE_KEYS_PER_ACCOUNT,
      clock,
      deps.keyCache && {
        keys: deps.keyCache,
        announce: (keyId) => announceChanges(bus.redis(), bus.prefix, [keyId], "keysRevoked"),
      },
    ),
    usage: usageService(deps),
    operators: operatorGuards(deps),
  };
}

/** The HTTP edge: one router per surface, then 404 for everything else. */
export function createApp(deps: GatewayDeps, parts = gatewayParts(deps)): express.Express {
  const { config } = deps;
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", "weak");
  app.set("query parser", "simple");
  app.set("trust proxy", trustProxySetting(config.TRUSTED_PROXIES));
  app.use(requestId);
  app.use(httpMetrics(parts.metrics));
  app.use(adminRoutes(deps.bus, parts.operators.board));
  app.use(["/v0.1", "/views"], registryCors);
  app.use(
    API_SURFACES,
    apiAccess({
      keys: parts.keys,
      limits: parts.enforced,
      usage: parts.usage,
      onRefused: (scope) => parts.metrics.limiterRejections.inc({ scope }),
    }),
  );
  mountAccountRoutes(app, deps, parts);
  mountApi(app, deps, parts);
  app.use(docsRoutes());
  app.use(notFound);
  app.use(errorHandler(deps.log));
  return app;
}

/** The operators' tokens: the admin's for everything, the viewer's for the queue board too. */
function operatorGuards(deps: GatewayDeps): GatewayParts["operators"] {
  const { config, bus } = deps;
  // Throws at start on a short operator token; wrong tokens are throttled per client across replicas.
  const throttle = new AdminTokenThrottle(bus.redis(), bus.prefix);
  const tokens = { admin: config.ADMIN_TOKEN, viewer: config.QUEUE_VIEWER_TOKEN };
  return {
    admin: requireOperator(tokens, ["admin"], throttle),
    board: requireOperator(tokens, ["admin", "viewer"], throttle),
  };
}

/** Sign-in and the account page (cookie sessions). */
function mountAccountRoutes(app: express.Express, deps: GatewayDeps, parts: GatewayParts): void {
  const { config, db } = deps;
  const oidc = oidcSettings(config);
  const sessionTtlMs = config.SESSION_TTL_HOURS * HOUR_MS;
  const sessions = new SessionsService(new SessionsRepository(db.prisma), sessionTtlMs, parts.clock);
  const accounts = new AccountsRepository(db.prisma);
  const cookies = { secure: new URL(config.BASE_URL).protocol === "https:" };
  app.use(
    authRoutes({
      oidc: oidc && new OidcService(oidc),
      accounts,
      sessions,
      cookies,
      secret: oidc?.secret,
      sessionTtlMs,
      log: deps.log,
    }),
  );
  const { keys, limits, usage } = parts;
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
}

/** The declared operations, the check pages and the MCP endpoint, over the same handlers. */
function mountApi(app: express.Express, deps: GatewayDeps, parts: GatewayParts): void {
  const { config, db, bus } = deps;
  const { reads, metrics } = parts;
  const baseUrl = config.BASE_URL.replace(/\/$/, "");
  const checkLimits = { anonymous: config.CHECK_LIMIT_ANONYMOUS, account: config.CHECK_LIMIT_ACCOUNT };
  const checks = checkService(deps, baseUrl, (scope) =>
    metrics.limiterRejections.inc({ scope: `check_${scope}` }),
  );
  const registryRows = new RegistryRepository(db.pool);
  const handlers = operationHandlers({
    ...v1Services(db),
    search: new SearchService(deps.search, reads),
    views: parts.views,
    exports: new ViewExportService(parts.views, registryRows, baseUrl),
    registry: new RegistryService(registryRows),
    checks,
    blocklist: new BlocklistService(new BlocklistRepository(db.prisma), bus),
    reads,
    baseUrl,
    version: VERSION,
    health: {
      dependencies: cachedCheck(async () => ({ postgres: await db.ping(), redis: await bus.ping() })),
      searchMode: () => deps.search.mode(),
      integrations: integrationStates(config),
      details: deps.healthDetails ?? (() => ({ redis_data_lost_at: null, reconciled_at: null })),
    },
  });
  app.use("/v1/check", noindex);
  app.use(mountOperations(handlers, { reads, checkLimits, requireAdmin: parts.operators.admin }));
  app.use(checkPageRoutes(checks));
  const mcp = mcpEndpoint(
    (caller) => catalogMcpServer({ handlers, baseUrl, version: VERSION, log: deps.log }, caller),
    (err) => deps.log.debug({ err }, "mcp request refused"),
    {
      countBatch: batchCounter(parts.enforced, {
        onRefused: (scope) => metrics.limiterRejections.inc({ scope }),
        onAdmitted: (account, extra) => parts.usage.count(account, "mcp", extra),
      }),
    },
  );
  app.use(mcpRoutes(mcp, { limits: checkLimits, reads }));
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
