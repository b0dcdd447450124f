import { createLogger, createMetrics } from "@catalog/observability";
import { JobBus, redisKeys } from "@catalog/queue";
import { clearQueuePrefix, testQueuePrefix, testRedisUrl } from "@catalog/testing";
import { eachPage, Reconciler, type ReconcileCause } from "./reconciler.js";

describe("Reconciler (real Redis)", () => {
  let bus: JobBus;
  let prefix: string;
  beforeEach(() => {
    prefix = testQueuePrefix();
    bus = new JobBus({ redisUrl: testRedisUrl(), prefix });
  });
  afterEach(async () => {
    await bus.close();
    await clearQueuePrefix(testRedisUrl(), prefix);
  });

  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 400 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
    expect(condition()).toBe(true);
  };

  it("reconciles at start and at once when Redis comes back without its data, counting the loss", async () => {
    const causes: ReconcileCause[] = [];
    const metrics = createMetrics("test");
    const reconciler = new Reconciler(
      { bus, log: createLogger("test", "silent"), metrics },
      "test",
      [{ name: "work", queue: async (cause) => (causes.push(cause), 2) }],
      { everyMs: 3_600_000, watchEveryMs: 50 },
    );
    reconciler.start();
    await until(() => causes.length === 1);
    expect(causes).toEqual(["start"]);
    expect(reconciler.details().redis_data_lost_at).toBeNull();
    // Every key of the deployment gone, as after a restart without persistence.
    const keys = await bus.redis().keys(redisKeys(prefix).everything);
    await bus.redis().del(...keys);
    await until(() => causes.length === 2);
    expect(causes).toEqual(["start", "lost"]);
    expect(reconciler.details().redis_data_lost_at).not.toBeNull();
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/catalog_redis_data_lost_total\{service="test"\} 1/);
    expect(text).toMatch(/catalog_reconciled_jobs_total\{work="work",cause="lost",service="test"\} 2/);
    await reconciler.stop();
  });

  it("never runs twice at once: causes during a run start one more run after it", async () => {
    let running = 0;
    let most = 0;
    const causes: ReconcileCause[] = [];
    const reconciler = new Reconciler(
      { bus, log: createLogger("test", "silent"), metrics: createMetrics("test") },
      "test",
      [
        {
          name: "slow",
          queue: async (cause) => {
            causes.push(cause);
            most = Math.max(most, ++running);
            await new Promise((r) => setTimeout(r, 50));
            running--;
            return 0;
          },
        },
      ],
      { everyMs: 3_600_000 },
    );
    await Promise.all([
      reconciler.request("timer"),
      reconciler.request("reconnected"),
      reconciler.request("lost"),
    ]);
    await until(() => causes.length === 2 && running === 0);
    expect(most).toBe(1);
    expect(causes).toEqual(["timer", "lost"]);
    await reconciler.stop();
  });

  it("a kind of work that fails is tried again next time, the others still run", async () => {
    const done: string[] = [];
    let fails = true;
    const reconciler = new Reconciler(
      { bus, log: createLogger("test", "silent"), metrics: createMetrics("test") },
      "test",
      [
        {
          name: "flaky",
          queue: async () => (fails ? Promise.reject(new Error("PostgreSQL away")) : (done.push("flaky"), 0)),
        },
        { name: "steady", queue: async () => (done.push("steady"), 0) },
      ],
      { everyMs: 3_600_000 },
    );
    await reconciler.request("timer");
    fails = false;
    await reconciler.request("timer");
    expect(done).toEqual(["steady", "flaky", "steady"]);
  });
});

test("eachPage walks every page after the last key of the one before", async () => {
  const rows = Array.from({ length: 2500 }, (_, i) => `k${String(i).padStart(5, "0")}`);
  const afters: string[] = [];
  const total = await eachPage(
    async (after, limit) => (afters.push(after), rows.filter((r) => r > after).slice(0, limit)),
    (r) => r,
    async (page) => page.length,
  );
  expect(total).toBe(2500);
  expect(afters).toEqual(["", "k00999", "k01999"]);
});
