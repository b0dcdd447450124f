import net from "node:net";
import { createHarness, type Harness } from "@catalog/testing";
import { startModernServer, type TestHttpServer } from "@catalog/testing/mcp";
import { ServiceProcesses, exited, until } from "../support/service-process.js";

/**
 * These tests run service processes on a machine that may be busy with the rest of the suite:
 * they wait on conditions with generous deadlines, never on fixed sleeps, and send SIGTERM only
 * to processes that answer /healthz (so their signal handlers are in place).
 */
const DEADLINE_MS = 120_000;

let h: Harness;
const servers: TestHttpServer[] = [];
const harnesses: Harness[] = [];
const processes = new ServiceProcesses();
const start = (service: string, env: Record<string, string>) => processes.start(h, service, env);

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  processes.killAll();
  await Promise.all(servers.map((s) => s.close()));
  await Promise.all([h, ...harnesses].map((x) => x.close()));
});

/** A TCP port nothing listens on right now. */
async function sparePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A prober process on a health port of its own, so the test can tell when it is up. */
async function startProber(env: Record<string, string> = {}, on: Harness = h) {
  const port = await sparePort();
  const child = processes.start(on, "prober", { PROBER_PORT: String(port), ...env });
  const ready = () =>
    until(
      "the prober to answer /healthz",
      async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok,
      DEADLINE_MS,
    );
  return { child, ready };
}

/** One sample of a Prometheus text exposition: value of `name{labels}` or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe("operations: the prober fleet seen through the gateway's metrics", () => {
  it("two prober processes drain a burst of checks while /metrics shows the prober queue", async () => {
    // Half the burst answers at once, half slowly: between the two the queue is part-drained for
    // seconds, however busy the machine (a burst of equals would drain in one step).
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => startModernServer(i % 2 ? { delayMs: 700 } : {})),
    );
    servers.push(...burst);
    const gatewayPort = await sparePort();
    const metricsPort = await sparePort();
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
    await until("the gateway", async () => (await fetch(`${gateway}/healthz`)).ok, DEADLINE_MS);

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

    // Long locks and probe deadlines: a slow machine must not make a probe stall or time out.
    const env = { WORKER_LOCK_MS: "30000", PROBE_TIMEOUT_MS: "60000" };
    const probers = [await startProber(env), await startProber(env)];
    const left = async () => {
      const text = await metrics();
      return ["waiting", "prioritized", "active"].reduce(
        (n, state) => n + (sample(text, "catalog_queue_jobs", { queue: "prober", state }) ?? 0),
        0,
      );
    };
    // Watched it go down, not just before and after: a scrape in the middle shows part of the burst.
    await until(
      "a scrape with part of the burst drained",
      async () => {
        const n = await left();
        return n > 0 && n < 30;
      },
      DEADLINE_MS,
    );
    await until("the burst to drain", async () => (await left()) === 0, DEADLINE_MS);
    const done = await metrics();
    expect(
      sample(done, "catalog_queue_jobs", { queue: "prober", state: "completed" }),
    ).toBeGreaterThanOrEqual(30);
    expect(done).toContain('catalog_http_requests_total{route="/v1/check",method="POST",status="202"');
    for (const s of burst)
      expect(s.requests.filter((r) => r.mcpMethod === "server/discover")).toHaveLength(1);
    await Promise.all(probers.map((p) => p.ready()));
    for (const p of probers) p.child.kill("SIGTERM");
    expect(await Promise.all(probers.map((p) => exited(p.child)))).toEqual([0, 0]);
  }, 300_000);

  it("a prober stopped mid-probe past its grace period leaves the job to another worker; nothing is lost", async () => {
    // Queues of its own: the first test's workers left a 30 s stalled-check interval on theirs,
    // which would hold back the takeover this test is about.
    const own = await createHarness();
    harnesses.push(own);
    const slow = await startModernServer({ delayMs: 2000 });
    servers.push(slow);
    // The lock is how soon the job moves on from the stopped prober; the probe deadline is
    // long so that a busy machine cannot turn the slow answer into a timeout.
    const env = { WORKER_LOCK_MS: "3000", PROBE_TIMEOUT_MS: "60000" };
    const doomed = await startProber({ ...env, SHUTDOWN_GRACE_MS: "300" }, own);
    await own.bus.add("prober", "probe", {
      serverName: "io.example/interrupted",
      url: slow.url,
      transport: "streamable-http",
      scheduledFor: new Date().toISOString(),
    });
    await until("the probe to start", async () => slow.requests.length > 0, DEADLINE_MS);
    doomed.child.kill("SIGTERM");
    expect(await exited(doomed.child)).not.toBeNull();
    const survivor = await startProber(env, own);
    const results = async () =>
      (await own.bus.queue("catalog").getJobs(["waiting"])).filter(
        (j) => j.name === "probe-result" && j.data.serverName === "io.example/interrupted",
      );
    await until("the probe result", async () => (await results()).length > 0, DEADLINE_MS);
    await until(
      "the probe job to complete",
      async () => (await own.bus.queue("prober").getJobCounts("completed")).completed! > 0,
      DEADLINE_MS,
    );
    const found = await results();
    expect(found).toHaveLength(1);
    expect(found[0]!.data.result.outcome).toBe("ok");
    expect((await own.bus.queue("prober").getJobCounts("failed")).failed).toBe(0);
    await survivor.ready();
    survivor.child.kill("SIGTERM");
    expect(await exited(survivor.child)).toBe(0);
  }, 300_000);
});
