import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig, type Config } from "@catalog/config";
import type { Database } from "@catalog/db";
import type { Metrics } from "@catalog/observability";
import { JobBus } from "@catalog/queue";
import { clearQueuePrefix, type Harness } from "@catalog/testing";
import type { ReadCache } from "../../services/gateway/src/read-cache/read-cache.js";
import { usageService, type GatewayDeps } from "../../services/gateway/src/app.js";
import { createGateway } from "../../services/gateway/src/gateway.js";
import type { Resolver } from "@catalog/url-policy";
import type { Clock } from "../../services/gateway/src/time/clock.js";
import { SearchClient } from "../../services/gateway/src/search/search-client.js";
import type { UsageService } from "../../services/gateway/src/usage/usage.service.js";

export type RunningGateway = {
  url: string;
  config: Config;
  deps: GatewayDeps;
  /** The usage flusher main.ts runs on a timer; tests flush when they want. */
  usage: UsageService;
  close: () => Promise<void>;
};

/**
 * The gateway in-process on a loopback port. The port is bound before the app is built so that
 * BASE_URL (and the sign-in callback) name it; `settings(url)` may depend on it. Redis is
 * connected before the app serves, as main.ts does, so that limits never start in memory.
 */
export async function serveGateway(
  h: Harness,
  settings: (url: string) => Record<string, string> | Promise<Record<string, string>> = () => ({}),
  extra: { clock?: Clock; resolver?: Resolver; db?: Database; readCache?: ReadCache; metrics?: Metrics } = {},
): Promise<RunningGateway> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    ...h.env,
    BASE_URL: url,
    SEARCH_URL: "http://127.0.0.1:9",
    ...(await settings(url)),
  });
  // A gateway given its own QUEUE_PREFIX gets its own Redis namespace, as a separate deployment.
  const ownBus =
    config.QUEUE_PREFIX === h.prefix
      ? undefined
      : new JobBus({ redisUrl: h.redisUrl, prefix: config.QUEUE_PREFIX });
  const bus = ownBus ?? h.bus;
  await bus.ping();
  const deps: GatewayDeps = {
    db: extra.db ?? h.db,
    bus,
    search: new SearchClient(config.SEARCH_URL),
    log: h.log,
    config,
  };
  if (extra.clock) deps.clock = extra.clock;
  if (extra.resolver) deps.resolver = extra.resolver;
  if (extra.readCache) deps.readCache = extra.readCache;
  if (extra.metrics) deps.metrics = extra.metrics;
  server.on("request", createGateway(deps));
  return {
    url,
    config,
    deps,
    usage: usageService(deps),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      if (ownBus) {
        await ownBus.close();
        await clearQueuePrefix(h.redisUrl, config.QUEUE_PREFIX);
      }
    },
  };
}
