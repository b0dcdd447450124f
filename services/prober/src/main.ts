import { runService, serveHealth, startReconciler } from "@catalog/runtime";
import { startProber } from "./prober.js";

await runService("prober", async (runtime) => {
  const { config, log } = runtime;
  const prober = startProber(runtime);
  const reconciler = startReconciler(runtime, "prober", prober.owed);
  const health = await serveHealth(runtime, config.PROBER_PORT, { details: () => reconciler.details() });
  log.info({ port: config.PROBER_PORT, concurrency: config.PROBER_CONCURRENCY }, "prober started");
  return {
    // Finish the probes in flight (or, past the grace period, leave them to another worker).
    stop: async () => {
      health.close();
      await reconciler.stop();
      await prober.stop();
    },
  };
});
