import { spawn, type ChildProcess } from "node:child_process";
import { createLogger, createMetrics } from "@catalog/observability";
import { JobBus, redisKeys } from "@catalog/queue";
import { clearQueuePrefix, testQueuePrefix, testRedisUrl } from "@catalog/testing";
import { sparePort } from "../../../tests/faults/cluster.js";
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

  it("reconciles at once when a worker takes a job whose data Redis lost", async () => {
    const causes: ReconcileCause[] = [];
    const reconciler = new Reconciler(
      { bus, log: createLogger("test", "silent"), metrics: createMetrics("test") },
      "test",
      [{ name: "work", queue: async (cause) => (causes.push(cause), 0) }],
      { everyMs: 3_600_000 },
    );
    reconciler.start();
    await until(() => causes.length === 1);
    const job = await bus.add("search", "index-server", { serverName: "io.x/gone" });
    await bus.redis().del(`${prefix}:search:${job.id}`);
    const worker = bus.worker("search", { "index-server": async () => undefined });
    await until(() => causes.includes("lost"));
    expect(reconciler.details().redis_data_lost_at).not.toBeNull();
    await worker.close();
    await reconciler.stop();
  });

  it("reconciles again while a loss settles (what a run queued during it may be lost after it)", async () => {
    const causes: ReconcileCause[] = [];
    const reconciler = new Reconciler(
      { bus, log: createLogger("test", "silent"), metrics: createMetrics("test") },
      "test",
      [{ name: "work", queue: async (cause) => (causes.push(cause), 0) }],
      { everyMs: 3_600_000, watchEveryMs: 50, settleMs: 40 },
    );
    reconciler.start();
    await until(() => causes.length === 1);
    const markers = await bus.redis().keys(redisKeys(prefix).alive("test", "*"));
    await bus.redis().del(markers[0]!); // one key of many: a partial loss
    await until(() => causes.filter((c) => c === "settle").length === 4);
    expect(causes.slice(0, 2)).toEqual(["start", "lost"]);
    await new Promise((r) => setTimeout(r, 400)); // 40, 80, 160, 320 ms after the loss: no fifth
    expect(causes.filter((c) => c === "settle")).toHaveLength(4);
    await reconciler.stop();
  });
});

describe("Reconciler: Redis's eviction policy (a Redis of its own)", () => {
  let server: ChildProcess;
  let bus: JobBus;
  beforeAll(async () => {
    const port = await sparePort();
    server = spawn(
      "redis-server",
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--maxmemory-policy",
        "allkeys-lru",
      ],
      { stdio: "ignore" },
    );
    bus = new JobBus({ redisUrl: `redis://127.0.0.1:${port}`, prefix: testQueuePrefix() });
    for (let i = 0; i < 200 && !(await bus.ping()); i++) await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(async () => {
    await bus.close();
    server.kill("SIGKILL");
  });

  it("warns of a policy that evicts, counts it and shows it in /healthz's details", async () => {
    const metrics = createMetrics("test");
    const warnings: unknown[] = [];
    const log = createLogger("test", "silent");
    log.warn = ((obj: unknown) => void warnings.push(obj)) as typeof log.warn;
    const reconciler = new Reconciler({ bus, log, metrics }, "test", [], {
      everyMs: 3_600_000,
      watchEveryMs: 50,
    });
    reconciler.start();
    for (let i = 0; i < 200 && reconciler.details().redis_maxmemory_policy === null; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(reconciler.details().redis_maxmemory_policy).toBe("allkeys-lru");
    expect(await metrics.registry.metrics()).toMatch(/catalog_redis_eviction_unsafe\{service="test"\} 1/);
    expect(warnings).toEqual([{ service: "test", policy: "allkeys-lru" }]);
    await reconciler.stop();
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
