import { loadConfig } from "@catalog/config";
import { createLogger, runUntilSignal, startHealthServer } from "@catalog/observability";
import { JobBus } from "@catalog/queue";

const config = loadConfig();
const log = createLogger("prober", config.LOG_LEVEL);

// The probe workers join here with the prober issue; until then the process reports its health.
await runUntilSignal(log, async () => {
  const bus = new JobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX });
  const health = await startHealthServer(config.PROBER_PORT, async () => ({ redis: await bus.ping() }));
  log.info({ port: config.PROBER_PORT }, "prober started");
  return {
    stop: async () => {
      health.close();
      await bus.close();
    },
  };
});
