import { createHarness, type Harness } from "@catalog/testing";
import { startModernServer, type TestHttpServer } from "@catalog/testing/mcp";
import { ServiceProcesses, exited, until } from "../support/service-process.js";

let h: Harness;
const servers: TestHttpServer[] = [];
const processes = new ServiceProcesses();
const start = (service: string, env: Record<string, string>) => processes.start(h, service, env);

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  processes.killAll();
  await Promise.all(servers.map((s) => s.close()));
  await h.close();
});

/** One sample of a Prometheus text exposition: value of `name{labels}` or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe("operations: the prober fleet seen through the gateway's metrics", () => {
  it("two prober processes drain a burst of checks while /metrics shows the prober queue", async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, () => startModernServer({ delayMs: 200 })));
    servers.push(...burst);
    const gatewayPort = 18_000 + Math.floor(Math.random() * 1000);
    const metricsPort = gatewayPort + 1000;
    start("gateway", {
      PORT: String(gatewayPort),
      METRICS_PORT: String(metricsPort),
      BASE_URL: `http://127.0.0.1:${gatewayPort}`,
      CHECK_LIMIT_ANONYMOUS: "1000",
      CHECK_LIMIT_HOST: "1000",
      RATE_LIMIT_ENABLED: "false",
    });
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    const metrics = () => fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text());
    await until("the gateway", async () => (await fetch(`${gateway}/healthz`)).ok);

    const accepted = await Promise.all(
      burst.map((s) =>
        fetch(`${gateway}/v1/check?wait=0`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ url: s.url }),
        }).then((r) => r.status),
      ),
    );
    expect(accepted.every((s) => s === 202)).toBe(true);
    const queued = await metrics();
    const waiting =
      (sample(queued, "catalog_queue_jobs", { queue: "prober", state: "waiting" }) ?? 0) +
      (sample(queued, "catalog_queue_jobs", { queue: "prober", state: "prioritized" }) ?? 0);
    expect(waiting).toBe(30);

    const probers = [start("prober", { PROBER_PORT: "0" }), start("prober", { PROBER_PORT: "0" })];
    const seen: number[] = [];
    await until("the burst to drain", async () => {
      const text = await metrics();
      const left = ["waiting", "prioritized", "active"].reduce(
        (n, state) => n + (sample(text, "catalog_queue_jobs", { queue: "prober", state }) ?? 0),
        0,
      );
      seen.push(left);
      return left === 0;
    });
    expect(seen.some((n) => n > 0 && n < 30)).toBe(true); // watched it go down, not just before and after
    const done = await metrics();
    expect(
      sample(done, "catalog_queue_jobs", { queue: "prober", state: "completed" }),
    ).toBeGreaterThanOrEqual(30);
    expect(done).toContain('catalog_http_requests_total{route="/v1/check",method="POST",status="202"');
    for (const s of burst)
      expect(s.requests.filter((r) => r.mcpMethod === "server/discover")).toHaveLength(1);
    for (const p of probers) p.kill("SIGTERM");
    expect(await Promise.all(probers.map(exited))).toEqual([0, 0]);
  });

  it("a prober stopped mid-probe past its grace period leaves the job to another worker; nothing is lost", async () => {
    const slow = await startModernServer({ delayMs: 4000 });
    servers.push(slow);
    const doomed = start("prober", { PROBER_PORT: "0", SHUTDOWN_GRACE_MS: "300" });
    await h.bus.add("prober", "probe", {
      serverName: "io.example/interrupted",
      url: slow.url,
      transport: "streamable-http",
      scheduledFor: new Date().toISOString(),
    });
    await until("the probe to start", async () => slow.requests.length > 0);
    doomed.kill("SIGTERM");
    expect(await exited(doomed)).not.toBeNull();
    const survivor = start("prober", { PROBER_PORT: "0" });
    await until(
      "the probe result",
      async () =>
        (await h.bus.queue("catalog").getJobs(["waiting"])).some(
          (j) => j.name === "probe-result" && j.data.serverName === "io.example/interrupted",
        ),
      60_000,
    );
    const results = (await h.bus.queue("catalog").getJobs(["waiting"])).filter(
      (j) => j.name === "probe-result" && j.data.serverName === "io.example/interrupted",
    );
    expect(results).toHaveLength(1);
    expect(results[0]!.data.result.outcome).toBe("ok");
    expect((await h.bus.queue("prober").getJobCounts("failed")).failed).toBe(0);
    survivor.kill("SIGTERM");
    expect(await exited(survivor)).toBe(0);
  });
});
