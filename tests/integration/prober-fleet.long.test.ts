import { createHarness, type Harness } from "@catalog/testing";
import { startModernServer, type TestHttpServer } from "@catalog/testing/mcp";
import { ServiceProcesses, exited, until } from "../support/service-process.js";

let h: Harness;
const servers: TestHttpServer[] = [];
const processes = new ServiceProcesses();

beforeAll(async () => {
  h = await createHarness();
});

afterAll(async () => {
  processes.killAll();
  await Promise.all(servers.map((s) => s.close()));
  await h.close();
});

/** A prober process (the built service) on the harness, in test mode. */
const startProber = (env: Record<string, string> = {}) =>
  processes.start(h, "prober", { PROBER_PORT: "0", PROBER_CONCURRENCY: "8", ...env });

/** Probe results the prober handed to the catalog (no catalog worker runs here: they wait). */
async function results(): Promise<{ serverName: string; url: string; result: { outcome: string } }[]> {
  const jobs = await h.bus.queue("catalog").getJobs(["waiting"]);
  return jobs.filter((j) => j.name === "probe-result").map((j) => j.data);
}

let round = 0;
async function enqueue(targets: { name: string; url: string }[]): Promise<void> {
  const scheduledFor = new Date(Date.now() + round++).toISOString();
  await h.bus.addBulk(
    "prober",
    "probe",
    targets.map((t) => ({
      data: { serverName: t.name, url: t.url, transport: "streamable-http" as const, scheduledFor },
      opts: { jobId: `${t.name.replace(/\W/g, "-")}-${round}` },
    })),
  );
}

/** Sessions the prober opened as itself, and as the other client a scheduled probe compares with. */
const asOther = (r: TestHttpServer["requests"][number]) => r.userAgent?.startsWith("claude-code/") === true;
const discovers = (s: TestHttpServer) =>
  s.requests.filter((r) => r.mcpMethod === "server/discover" && !asOther(r)).length;
const comparisons = (s: TestHttpServer) =>
  s.requests.filter((r) => r.mcpMethod === "server/discover" && asOther(r)).length;

describe("prober worker processes", () => {
  it("two processes share the work with no duplicate probes, and respect the per-host limit", async () => {
    const fleet = await Promise.all(Array.from({ length: 24 }, () => startModernServer()));
    const slow = await startModernServer({ delayMs: 150 });
    servers.push(...fleet, slow);
    const a = startProber({ PROBER_HOST_CONCURRENCY: "1" });
    const b = startProber({ PROBER_HOST_CONCURRENCY: "1" });
    await enqueue(fleet.map((s, i) => ({ name: `io.example/fleet-${i}`, url: s.url })));
    // Six probes of one host: with a limit of one per host, never two at once across both processes.
    for (let i = 0; i < 6; i++) await enqueue([{ name: `io.example/slow-${i}`, url: slow.url }]);
    await until("30 probe results", async () => (await results()).length === 30, 60_000);
    expect(fleet.map(discovers)).toEqual(fleet.map(() => 1));
    expect(fleet.map(comparisons)).toEqual(fleet.map(() => 1));
    expect(discovers(slow)).toBe(6);
    expect(slow.maxInFlight()).toBe(1);
    expect((await results()).every((r) => r.result.outcome === "ok")).toBe(true);
    a.kill("SIGTERM");
    b.kill("SIGTERM");
    expect(await exited(a)).toBe(0);
    expect(await exited(b)).toBe(0);
    await h.bus.queue("catalog").drain();
  });

  it("a probe of a worker killed mid-probe is finished by another worker", async () => {
    const server = await startModernServer({ delayMs: 1500 });
    servers.push(server);
    const doomed = startProber();
    await enqueue([{ name: "io.example/killed", url: server.url }]);
    await until("the first request", () => server.requests.length > 0);
    doomed.kill("SIGKILL");
    await exited(doomed);
    const survivor = startProber();
    await until(
      "the probe result",
      async () => (await results()).some((r) => r.serverName === "io.example/killed"),
      30_000,
    );
    expect(discovers(server)).toBe(2); // the killed attempt and the one that finished
    const [result] = (await results()).filter((r) => r.serverName === "io.example/killed");
    expect(result!.result.outcome).toBe("ok");
    survivor.kill("SIGTERM");
    expect(await exited(survivor)).toBe(0);
    await h.bus.queue("catalog").drain();
  });

  it("graceful shutdown finishes the probe in flight before the process exits", async () => {
    const server = await startModernServer({ delayMs: 800 });
    servers.push(server);
    const child = startProber({ WORKER_LOCK_MS: "30000" });
    await enqueue([{ name: "io.example/graceful", url: server.url }]);
    await until("the first request", () => server.requests.length > 0);
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
    const finished = (await results()).filter((r) => r.serverName === "io.example/graceful");
    expect(finished).toHaveLength(1);
    expect(finished[0]!.result.outcome).toBe("ok");
    expect(discovers(server)).toBe(1);
    expect(comparisons(server)).toBe(1); // the tools listed again as another client, in the same probe
  });
});
