import { Database } from "@catalog/db";
import { createLogger, type Logger } from "@catalog/observability";
import { JobBus, type QueueName } from "@catalog/queue";
import { clearQueuePrefix, createTestDatabase, testQueuePrefix, testRedisUrl } from "./infrastructure.js";

/** A fresh database and queue namespace for one test file, torn down by `close`. */
export type Harness = {
  databaseUrl: string;
  redisUrl: string;
  prefix: string;
  db: Database;
  bus: JobBus;
  log: Logger;
  /** Environment for a service process started by the test against this harness. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/** `template`: a database to copy instead of the empty migrated one (e.g. a loaded catalog). */
export async function createHarness(options: { template?: string } = {}): Promise<Harness> {
  const database = await createTestDatabase(options.template);
  const redisUrl = testRedisUrl();
  const prefix = testQueuePrefix();
  const db = new Database({ url: database.url, poolSize: 8, applicationName: "test" });
  const bus = new JobBus({ redisUrl, prefix });
  const log = createLogger("test", process.env.TEST_LOG_LEVEL ?? "silent");
  return {
    databaseUrl: database.url,
    redisUrl,
    prefix,
    db,
    bus,
    log,
    env: { DATABASE_URL: database.url, REDIS_URL: redisUrl, QUEUE_PREFIX: prefix, LOG_LEVEL: "warn" },
    close: async () => {
      await bus.close();
      await db.close();
      await database.drop();
      await clearQueuePrefix(redisUrl, prefix);
    },
  };
}

/** Waits until the queues have nothing waiting, delayed, prioritized or active. */
export async function waitForIdle(bus: JobBus, queues: QueueName[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await Promise.all(
      queues.map((q) => bus.queue(q).getJobCounts("waiting", "active", "delayed", "prioritized", "paused")),
    );
    if (counts.every((c) => Object.values(c).every((n) => n === 0))) return;
    if (Date.now() > deadline)
      throw new Error(`queues not idle after ${timeoutMs} ms: ${JSON.stringify(counts)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
