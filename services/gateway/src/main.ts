import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import { recordQueueCounts } from "@catalog/observability";
import { QUEUE_NAMES } from "@catalog/queue";
import { runService, serveHealth, startReconciler } from "@catalog/runtime";
import { usageService } from "./app.js";
import { createGateway } from "./gateway.js";
import { answerClientErrors } from "./http/client-errors.js";
import { startKeyCache } from "./accounts/key-cache.js";
import { startReadCache } from "./read-cache/index.js";
import { SearchClient } from "./search/search-client.js";

await runService("gateway", async (runtime) => {
  const { config, log, bus, metrics } = runtime;
  // Limits fall back to per-replica memory while Redis is not ready: connect before serving.
  if (!(await bus.ping())) log.warn("redis unreachable at start; limits are per replica until it answers");
  // The gateway owes no queued work, but it watches Redis: a loss of its data (limits, usage not
  // yet flushed, check claims) is logged, counted and shown in /healthz.
  const reconciler = startReconciler(runtime, "gateway");
  const reads = startReadCache(config);
  const keyCache = startKeyCache(config);
  const deps = {
    ...runtime,
    search: new SearchClient(config.SEARCH_URL, config.SEARCH_TIMEOUT_MS),
    readCache: reads.cache,
    keyCache: keyCache.cache,
    healthDetails: () => reconciler.details(),
  };
  const gateway = createGateway(deps);
  const usage = usageService(deps);
  usage.start(config.USAGE_FLUSH_MS);
  // On the internal port; queue depths of the whole system are read from Redis at each scrape.
  const internal = await serveHealth(runtime, config.METRICS_PORT, {
    beforeScrape: async () => {
      metrics.readCacheBytes.set(reads.cache.stats.bytes);
      metrics.readCacheEntries.set(reads.cache.stats.entries);
      recordQueueCounts(metrics, await bus.counts(QUEUE_NAMES));
    },
    details: () => reconciler.details(),
  });
  const server = await new Promise<Server>((resolve) => {
    const s = createServer(gateway).listen(config.PORT, () => resolve(s));
  });
  server.keepAliveTimeout = 65_000;
  answerClientErrors(server);
  log.info({ port: (server.address() as AddressInfo).port, url: config.BASE_URL }, "gateway listening");
  return {
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      internal.close();
      await reconciler.stop();
      await usage.stop();
      await deps.search.close();
      await reads.close();
      await keyCache.close();
    },
  };
});
