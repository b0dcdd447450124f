import { CategoryClassifier } from "@catalog/categories";
import type { ListedTool, ProbeResult } from "@catalog/contracts";
import { CatalogRepository, EvidenceRepository, ProbesRepository, ToolsRepository } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { okProbe } from "@catalog/testing/mcp";
import { DerivedService } from "../servers/derived.service.js";
import { ObserveToolsService } from "../tools/observe-tools.service.js";
import { RecordProbeService } from "./record-probe.service.js";

const NAME = "io.example/weather";
const URL = "https://weather.example.com/mcp";
const FORECAST: ListedTool = {
  name: "get_forecast",
  description: "Returns the weather forecast for a city.",
  inputSchema: { type: "object" },
};
const ALERTS: ListedTool = { ...FORECAST, name: "get_alerts", description: "Lists storm warnings." };

/** A probe of the remote started at `at` (ISO), finished 100 ms later. */
function probe(at: string, overrides: Partial<ProbeResult> = {}): ProbeResult {
  const finished = new Date(Date.parse(at) + 100).toISOString();
  return okProbe({ url: URL, final_url: URL, started_at: at, finished_at: finished, ...overrides });
}

describe("RecordProbeService (real PostgreSQL and Redis)", () => {
  let h: Harness;
  let service: RecordProbeService;
  beforeAll(async () => {
    h = await createHarness();
    const catalog = new CatalogRepository(h.db.prisma);
    const probes = new ProbesRepository(h.db.prisma);
    const derived = new DerivedService(
      catalog,
      probes,
      new EvidenceRepository(),
      CategoryClassifier.keywords(),
      h.bus,
      3_600_000,
    );
    const tools = new ObserveToolsService(catalog, new ToolsRepository(), derived, h.bus);
    service = new RecordProbeService(catalog, probes, derived, tools, h.bus);
    const at = new Date("2026-01-01T00:00:00Z");
    await catalog.withServerLock(NAME, async (tx) => {
      await catalog.ensureServer(tx, NAME, "io.example", at, at);
      await catalog.writeVersion(tx, {
        serverName: NAME,
        version: "1.0.0",
        serverJson: { name: NAME, version: "1.0.0", remotes: [{ type: "streamable-http", url: URL }] },
        officialMeta: {},
        status: "active",
        statusChangedAt: null,
        statusMessage: null,
        publishedAt: at,
        updatedAt: at,
        isLatest: true,
        contentHash: "hash",
        source: "import",
      });
      await derived.refresh(tx, NAME); // puts the remote on the probe schedule
    });
  });
  afterAll(() => h.close());

  const record = (result: ProbeResult, tools: ListedTool[], scheduled = true) =>
    service.record({ serverName: NAME, url: URL, scheduled, result, tools });
  /** The index jobs queued since the last call. */
  async function takeIndexJobs(): Promise<unknown[]> {
    const queue = h.bus.queue("search");
    const jobs = await queue.getJobs(["waiting"]);
    await queue.drain();
    return jobs.map((j) => j.data);
  }
  const target = () =>
    h.db.prisma.probeTarget.findUniqueOrThrow({
      where: { serverName_url: { serverName: NAME, url: URL } },
      select: { lastProbeAt: true, lastOutcome: true },
    });
  const tools = async () =>
    (await h.db.prisma.tool.findMany({ where: { serverName: NAME }, orderBy: { name: "asc" } })).map((t) => [
      t.name,
      t.source,
    ]);

  it("drops the result of a server not in the catalog", async () => {
    const result = probe("2026-01-02T00:00:00.000Z");
    expect(
      await service.record({
        serverName: "io.example/unknown",
        url: URL,
        scheduled: true,
        result,
        tools: [],
      }),
    ).toBe("unknown_server");
    expect(await h.db.prisma.probe.count()).toBe(0);
    expect(await takeIndexJobs()).toEqual([]);
  });

  it("stores a scheduled probe once, moves the remote's schedule, re-derives the server and records the tools it listed", async () => {
    const result = probe("2026-01-02T00:00:00.000Z");
    expect(await record(result, [FORECAST])).toBe("recorded");
    expect(
      await h.db.prisma.probe.findMany({
        select: {
          scheduled: true,
          outcome: true,
          protocolVersion: true,
          latencyMs: true,
          authRequired: true,
        },
      }),
    ).toEqual([
      { scheduled: true, outcome: "ok", protocolVersion: "2026-07-28", latencyMs: 80, authRequired: false },
    ]);
    expect(await target()).toEqual({
      lastProbeAt: new Date("2026-01-02T00:00:00.100Z"),
      lastOutcome: "ok",
    });
    expect((await h.db.prisma.server.findUniqueOrThrow({ where: { name: NAME } })).connectionClass).toBe(
      "R0",
    );
    expect(await tools()).toEqual([["get_forecast", "probe"]]);
    expect(await takeIndexJobs()).toEqual([{ serverName: NAME }]);

    // The same probe again (a retried job): nothing more.
    expect(await record(result, [FORECAST, ALERTS])).toBe("duplicate");
    expect(await h.db.prisma.probe.count()).toBe(1);
    expect(await tools()).toEqual([["get_forecast", "probe"]]);
    expect(await takeIndexJobs()).toEqual([]);
  });

  it("keeps the tools when a probe failed or listed only part of them, and still re-indexes the server", async () => {
    const failed = probe("2026-01-03T00:00:00.000Z", { outcome: "timeout", tool_count: 0 });
    expect(await record(failed, [])).toBe("recorded");
    expect(await target()).toEqual({
      lastProbeAt: new Date("2026-01-03T00:00:00.100Z"),
      lastOutcome: "timeout",
    });
    const partial = probe("2026-01-04T00:00:00.000Z", { tools_error: "tools/list failed on page 2" });
    expect(await record(partial, [ALERTS])).toBe("recorded");
    expect(await tools()).toEqual([["get_forecast", "probe"]]);
    expect(await takeIndexJobs()).toEqual([{ serverName: NAME }, { serverName: NAME }]);
  });

  it("records the tools of an on-demand check as seen by a check, and an older probe arriving late does not move the schedule back", async () => {
    expect(await record(probe("2026-01-05T00:00:00.000Z"), [FORECAST, ALERTS], false)).toBe("recorded");
    expect(await tools()).toEqual([
      ["get_alerts", "check"],
      ["get_forecast", "check"],
    ]);
    expect(await record(probe("2026-01-04T12:00:00.000Z", { outcome: "timeout" }), [])).toBe("recorded");
    expect(await target()).toEqual({ lastProbeAt: new Date("2026-01-05T00:00:00.100Z"), lastOutcome: "ok" });
  });
});
