import { loadConfig } from "@catalog/config";
import { Database } from "@catalog/db";
import { createLogger, runUntilSignal } from "@catalog/observability";
import { JobBus } from "@catalog/queue";
import { startSearch } from "./search.js";

const config = loadConfig();
const log = createLogger("search", config.LOG_LEVEL);

await runUntilSignal(
  log,
  async () => {
    const db = new Database(
      {
        url: config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
        applicationName: "search",
        // Search queries are short: compiling one (JIT) would cost more than running it.
        sessionOptions: "-c jit=off",
      },
      (err) => log.warn({ err }, "postgres connection error"),
    );
    const bus = new JobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX });
    const search = await startSearch({ db, bus, log, config });
    log.info({ port: config.SEARCH_PORT, provider: config.EMBEDDING_PROVIDER }, "search started");
    return {
      stop: async () => {
        await search.stop();
        await bus.close();
        await db.close();
      },
    };
  },
  config.SHUTDOWN_GRACE_MS,
);
