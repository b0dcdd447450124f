import { MirrorStateRepository } from "@catalog/db";
import { runService, serveHealth } from "@catalog/runtime";
import {
  configuredSource,
  createDependencyServices,
  createMirror,
  startDependencyWorker,
  startMirrorWorker,
  stopMirrorSchedule,
} from "./ingest.js";

await runService("ingest", async (runtime) => {
  const { config, log, db, metrics } = runtime;
  if (config.MIRROR_ENABLED)
    await startMirrorWorker(
      runtime,
      createMirror(runtime, configuredSource(runtime), config.MIRROR_FULL_EVERY_MS),
    );
  else await stopMirrorSchedule(runtime);
  const dependencies = config.DEPENDENCIES_ENABLED
    ? startDependencyWorker(runtime, createDependencyServices(runtime, config), config)
    : undefined;
  if (!dependencies)
    log.info(
      "dependencies and advisories switched off (DEPENDENCIES_ENABLED=false): deps.dev and OSV are not asked",
    );
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
      registry: config.MIRROR_ENABLED ? config.REGISTRY_URL : "off",
      depsDev: config.DEPENDENCIES_ENABLED ? config.DEPSDEV_URL : "off",
      osv: config.DEPENDENCIES_ENABLED ? config.OSV_URL : "off",
    },
    "ingest started",
  );
  return {
    stop: async () => {
      dependencies?.stop();
      health.close();
    },
  };
});
