import { ChecksRepository } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { startProber, type Prober } from "../prober.js";

describe("checks owed by the prober (real PostgreSQL and Redis)", () => {
  let h: Harness;
  let prober: Prober;
  beforeEach(async () => {
    h = await createHarness();
    prober = startProber({
      db: h.db,
      bus: h.bus,
      log: h.log,
      config: {
        NODE_ENV: "test",
        QUEUE_PREFIX: h.prefix,
        PROBER_CONCURRENCY: 1,
        PROBER_HOST_CONCURRENCY: 1,
        PROBE_TIMEOUT_MS: 2000,
        PROBE_MAX_BODY_BYTES: 1_000_000,
        PROBE_MAX_TOOLS: 100,
        PROBE_MAX_TOOL_BYTES: 100_000,
        PROBE_MAX_DESCRIPTION_CHARS: 10_000,
        PROBE_MAX_SCHEMA_BYTES: 100_000,
        URL_POLICY_TEST_MODE: true,
        WORKER_LOCK_MS: 30_000,
        INTROSPECTION_DEADLINE_MS: 30_000,
        INTROSPECTION_INSTALL_TIMEOUT_MS: 30_000,
        INTROSPECTION_CACHE_DIR: "/nonexistent/introspection-cache",
        INTROSPECTION_CACHE_MAX_BYTES: 1_000_000,
        NPM_REGISTRY_URL: undefined,
        PYPI_INDEX_URL: "http://127.0.0.1:9/simple/",
        INTROSPECTION_PYTHON: "/usr/bin/python3",
      },
    });
    // The worker is not under test: the jobs stay queued for the assertions.
    await prober.worker.pause();
  });
  afterEach(async () => {
    await prober.stop();
    await h.close();
  });

  const PKG = { registry_type: "npm" as const, identifier: "weather-mcp", version: null };
  const check = async (id: string, minutesAgo: number, of: "url" | "package" = "url") => {
    const checks = new ChecksRepository(h.db.prisma);
    await checks.create({
      id,
      url: of === "url" ? "https://mcp.example.com/mcp" : null,
      package: of === "package" ? PKG : null,
      normalizedUrl: of === "url" ? "https://mcp.example.com/mcp" : "npm:weather-mcp@latest",
      host: of === "url" ? "mcp.example.com" : "npm",
      serverName: null,
      requester: "ip:test",
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await h.db.pool.query("UPDATE checks SET created_at = now() - make_interval(mins => $2) WHERE id = $1", [
      id,
      minutesAgo,
    ]);
  };

  it("queues again a check whose job Redis lost, and finishes one past the deadline as a timeout with the reason", async () => {
    await check("young", 1);
    await check("old", 20);
    await check("fresh", 0);
    const [work] = prober.owed;
    expect(await work!.queue("timer")).toBe(2); // "fresh" is within the grace
    const jobs = await h.bus.queue("prober").getJobs(["waiting", "prioritized", "paused"]);
    expect(jobs.filter((j) => j.name === "check").map((j) => j.id)).toEqual(["young"]);
    const old = await new ChecksRepository(h.db.prisma).find("old");
    expect(old).toMatchObject({ status: "done" });
    expect(old!.result!.probe).toMatchObject({ outcome: "timeout" });
    expect(old!.result!.probe.detail).toMatch(/could not be run within 15 minutes/);
    // Once queued, not again; after a loss, every unfinished check at once.
    expect(await work!.queue("timer")).toBe(0);
    expect(await work!.queue("lost")).toBe(1);
  });

  it("queues a lost package check again on the introspection queue, and gives one past the deadline up as timed out", async () => {
    await check("pkg-young", 1, "package");
    await check("pkg-old", 20, "package");
    const [work] = prober.owed;
    expect(await work!.queue("timer")).toBe(2);
    const checkJobs = async (queue: "prober" | "introspection") =>
      (await h.bus.queue(queue).getJobs(["waiting", "prioritized", "paused"]))
        .filter((j) => j.name === "check")
        .map((j) => j.id);
    expect(await checkJobs("introspection")).toEqual(["pkg-young"]);
    expect(await checkJobs("prober")).toEqual([]);
    const old = await new ChecksRepository(h.db.prisma).find("pkg-old");
    expect(old).toMatchObject({ status: "done", package: PKG });
    expect(old!.result!.probe).toMatchObject({ package: PKG, outcome: "timed_out" });
    expect(old!.result!.probe.detail).toMatch(/could not be run within 15 minutes/);
  });
});
