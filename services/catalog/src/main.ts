import { CategoryClassifier } from "@catalog/categories";
import { createProvider } from "@catalog/embeddings";
import { embeddingObserver } from "@catalog/observability";
import { runService, serveHealth, startReconciler } from "@catalog/runtime";
import {
  catalogOwedWork,
  startCatalogWorker,
  startDailyScores,
  startIntrospectionScheduler,
  startProbeScheduler,
  startTokenCount,
} from "./catalog.js";

await runService("catalog", async (runtime) => {
  const { config, log, bus, metrics } = runtime;
  // Categories are assigned by the same embedding model the search service uses.
  const provider = await createProvider(config, embeddingObserver(metrics, config.EMBEDDING_PROVIDER));
  const classifier = await CategoryClassifier.create(provider);
  startCatalogWorker({ ...runtime, classifier });
  const stopScheduler = config.SCHEDULED_PROBES_ENABLED
    ? startProbeScheduler(bus, config.PROBE_SCHEDULE_EVERY_MS)
    : () => undefined;
  if (!config.SCHEDULED_PROBES_ENABLED)
    log.info(
      "scheduled probes switched off (SCHEDULED_PROBES_ENABLED=false): no remote is probed on a schedule",
    );
  const stopIntrospections =
    config.INTROSPECTIONS_PER_HOUR > 0
      ? startIntrospectionScheduler(bus, config.PROBE_SCHEDULE_EVERY_MS)
      : () => undefined;
  const stopDaily = startDailyScores(bus);
  const stopTokens = startTokenCount(bus);
  const reconciler = startReconciler(runtime, "catalog", catalogOwedWork(runtime));
  const health = await serveHealth(runtime, config.CATALOG_PORT, { details: () => reconciler.details() });
  log.info({ port: config.CATALOG_PORT, categories: classifier.model }, "catalog started");
  return {
    stop: async () => {
      stopScheduler();
      stopIntrospections();
      stopDaily();
      stopTokens();
      health.close();
      await reconciler.stop();
      await bus.close(); // the worker's jobs in flight still use the model
      await provider?.close?.();
    },
  };
});
