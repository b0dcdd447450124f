import { DependenciesRepository, MirrorStateRepository } from "@catalog/db";
import { runService, serveHealth, startReconciler } from "@catalog/runtime";
import {
  configuredSource,
  createDependencyServices,
  createMirror,
  startDependencyWorker,
  startMirrorWorker,
  stopMirrorSchedule,
} from "./ingest.js";
import { owedResolves } from "./owed/dependencies.owed.js";
import { owedMirror } from "./owed/mirror.owed.js";

await runService("ingest", async (runtime) => {
  const { config, log, db, bus, metrics } = runtime;
  const mirrorState = new MirrorStateRepository(db.prisma);
  const mirror = config.MIRROR_ENABLED
    ? createMirror(runtime, configuredSource(runtime), config.MIRROR_FULL_EVERY_MS)
    : undefined;
  if (mirror) await startMirrorWorker(runtime, mirror);
  else await stopMirrorSchedule(runtime);
  const dependencies = config.DEPENDENCIES_ENABLED
    ? startDependencyWorker(runtime, createDependencyServices(runtime, config), config)
    : undefined;
  if (!dependencies)
    log.info(
      "dependencies and advisories switched off (DEPENDENCIES_ENABLED=false): deps.dev and OSV are not asked",
    );
  const reconciler = startReconciler(runtime, "ingest", [
    ...(mirror ? [owedMirror(mirrorState, mirror, bus, config.MIRROR_EVERY_MS)] : []),
    ...(dependencies ? [owedResolves(new DependenciesRepository(db.prisma), bus)] : []),
  ]);
  const health = await serveHealth(runtime, config.INGEST_PORT, {
    beforeScrape: async () => {
      const { lastSuccessAt } = await mirrorState.get();
      if (!lastSuccessAt) return;
      metrics.mirrorLastSuccess.set(lastSuccessAt.getTime() / 1000);
      metrics.mirrorLag.set((Date.now() - lastSuccessAt.getTime()) / 1000);
    },
    details: () => reconciler.details(),
  });
  log.info(
    {
      port: config.INGEST_PORT,
      registry: config.MIRROR_ENABLED ? config.REGISTRY_URL : "off",
      depsDev: config.DEPENDENCIES_ENABLED ? config.DEPSDEV_URL : "off",
      osv: config.DEPENDENCIES_ENABLED ? config.OSV_URL : "off",
    },
    "ingest started",
  );
  return {
    stop: async () => {
      await reconciler.stop();
      dependencies?.stop();
      health.close();
    },
  };
});
