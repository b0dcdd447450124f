import type { JobData } from "@catalog/queue";
import { stableJobId } from "@catalog/queue";
import { createHarness, unusedPort, type Harness } from "@catalog/testing";
import { startModernServer, type TestHttpServer } from "@catalog/testing/mcp";
import { SafeHttp } from "@catalog/url-policy";
import { HostSlots } from "../host-slots.js";
import { ProbeRunner } from "../probe-runner.js";
import { RunProbeService } from "./run-probe.service.js";

const SCHEDULED_FOR = "2026-01-01T10:00:00.000Z";

describe("RunProbeService (real Redis, a local MCP server)", () => {
  let h: Harness;
  let http: SafeHttp;
  let mcp: TestHttpServer & { url: string };
  let service: RunProbeService;
  beforeAll(async () => {
    h = await createHarness();
    mcp = await startModernServer();
    http = new SafeHttp({ testMode: true }); // loopback and plain http allowed
    service = new RunProbeService(
      // Generous: nothing here waits the deadline out, and a loaded machine must not cut a listing short.
      new ProbeRunner(http, { timeoutMs: 30_000 }),
      new HostSlots(h.bus.redis(), h.prefix, 1, 10_000),
      h.bus,
    );
  });
  afterAll(async () => {
    await http.close();
    await mcp.close();
    await h.close();
  });

  /** Runs the probe job of `url` as the prober's worker does. */
  async function probe(url: string, more: Partial<JobData<"prober", "probe">> = {}): Promise<string> {
    const data: JobData<"prober", "probe"> = {
      serverName: "io.example/weather",
      url,
      transport: "streamable-http",
      scheduledFor: SCHEDULED_FOR,
      ...more,
    };
    const job = await h.bus.add("prober", "probe", data);
    return service.run(data, job, undefined);
  }
  const results = () => h.bus.queue("catalog").getJobs(["waiting"]);

  it("probes the remote and hands the result, with the tools' schemas, to the catalog once per round", async () => {
    expect(await probe(mcp.url)).toBe("ok");
    expect(await probe(mcp.url)).toBe("ok"); // a retried job: the same round
    const [job, ...others] = await results();
    expect(others).toEqual([]);
    expect(job!.id).toBe(stableJobId("probe", "io.example/weather", mcp.url, SCHEDULED_FOR));
    expect(job!.name).toBe("probe-result");
    expect(job!.data).toMatchObject({
      serverName: "io.example/weather",
      url: mcp.url,
      scheduled: true,
      result: { outcome: "ok", tool_count: 3, transport: "streamable-http" },
    });
    expect(job!.data.tools.map((t: { name: string }) => t.name)).toEqual([
      "get_forecast",
      "list_cities",
      "delete_alert",
    ]);
    expect(job!.data.tools[0].inputSchema).toMatchObject({ required: ["city"] });
  });

  it("does not list again while the job says the last list is cacheable: handshake only", async () => {
    await h.bus.queue("catalog").drain();
    const listFreshUntil = new Date(Date.now() + 3_600_000).toISOString();
    const before = mcp.requests.length;
    expect(await probe(mcp.url, { listFreshUntil, scheduledFor: "2026-01-02T10:00:00.000Z" })).toBe("ok");
    expect(mcp.requests.slice(before).map((r) => r.mcpMethod)).toEqual(["server/discover"]);
    const [job] = await results();
    expect(job!.data).toMatchObject({ result: { tools_reused_until: listFreshUntil }, tools: [] });
  });

  it("hands over a failed probe too: a remote that refuses connections", async () => {
    await h.bus.queue("catalog").drain();
    const url = `http://127.0.0.1:${await unusedPort()}/mcp`;
    expect(await probe(url)).toBe("refused");
    const [job] = await results();
    expect(job!.data).toMatchObject({ url, scheduled: true, result: { outcome: "refused" }, tools: [] });
  });
});
