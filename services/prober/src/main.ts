import { runService, serveHealth, startReconciler } from "@catalog/runtime";
import { startIntrospector } from "./introspector.js";
import { startProber } from "./prober.js";

await runService("prober", async (runtime) => {
  const { config, log } = runtime;
  const prober = startProber(runtime);
  // The introspection Deployment runs the same image with PROBER_CONCURRENCY=0, the probers with
  // INTROSPECTION_CONCURRENCY=0: each takes only its own queue's jobs.
  const introspector = config.INTROSPECTION_CONCURRENCY > 0 ? startIntrospector(runtime) : null;
  const reconciler = startReconciler(runtime, "prober", prober.owed);
  const health = await serveHealth(runtime, config.PROBER_PORT, { details: () => reconciler.details() });
  log.info(
    {
      port: config.PROBER_PORT,
      concurrency: config.PROBER_CONCURRENCY,
      introspection: config.INTROSPECTION_CONCURRENCY,
    },
    "prober started",
  );
  return {
    // Finish the probes in flight (or, past the grace period, leave them to another worker).
    stop: async () => {
      health.close();
      await reconciler.stop();
      await prober.stop();
      await introspector?.stop();
    },
  };
});
