import { MirrorStateRepository } from "@catalog/db";
import { runService, serveHealth } from "@catalog/runtime";
import {
  configuredSource,
  createDependencyServices,
  createMirror,
  startDependencyWorker,
  startMirrorWorker,
} from "./ingest.js";

await runService("ingest", async (runtime) => {
  const { config, log, db, metrics } = runtime;
  await startMirrorWorker(
    runtime,
    createMirror(runtime, configuredSource(runtime), config.MIRROR_FULL_EVERY_MS),
  );
  const dependencies = startDependencyWorker(runtime, createDependencyServices(runtime, config), config);
  const mirrorState = new MirrorStateRepository(db.prisma);
  const health = await serveHealth(runtime, config.INGEST_PORT, {
    beforeScrape: async () => {
      const { lastSuccessAt } = await mirrorState.get();
      if (!lastSuccessAt) return;
      metrics.mirrorLastSuccess.set(lastSuccessAt.getTime() / 1000);
      metrics.mirrorLag.set((Date.now() - lastSuccessAt.getTime()) / 1000);
    },
  });
  log.info(
    {
      port: config.INGEST_PORT,
      registry: config.REGISTRY_URL,
      depsDev: config.DEPSDEV_URL,
      osv: config.OSV_URL,
    },
    "ingest started",
  );
  return {
    stop: async () => {
      dependencies.stop();
      health.close();
    },
  };
});
