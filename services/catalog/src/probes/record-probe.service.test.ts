import { CategoryClassifier } from "@catalog/categories";
import { cardFacts, type ListedTool, type ProbeResult } from "@catalog/contracts";
import {
  CatalogRepository,
  EvidenceRepository,
  PackageTargetsRepository,
  ProbesRepository,
  ToolsRepository,
} from "@catalog/db";
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
      new PackageTargetsRepository(h.db.prisma),
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

  it("keeps a server card in its own column, its summary in the result, and flags a card that contradicts the listing", async () => {
    const body = { name: "io.other/weather", tools: [{ name: "get_forecast" }] };
    const serverCard = (card: Record<string, unknown>) => ({
      status: "found" as const,
      location: "server-card" as const,
      url: `${URL}/server-card`,
      bytes: JSON.stringify(card).length,
      ...cardFacts(card),
      card,
      attempts: [],
    });
    expect(await record(probe("2026-01-06T00:00:00.000Z", { server_card: serverCard(body) }), [])).toBe(
      "recorded",
    );
    const stored = await h.db.prisma.probe.findFirstOrThrow({ orderBy: { startedAt: "desc" } });
    expect(stored.serverCard).toEqual(body);
    expect(stored.result).toMatchObject({
      server_card: { status: "found", name: "io.other/weather", embeds: ["tools"], card: null },
    });
    const trust = () =>
      h.db.prisma.server.findUniqueOrThrow({
        where: { name: NAME },
        select: { trustFlags: true, trustEvidence: true },
      });
    expect((await trust()).trustFlags).toContain("server_card_mismatch");
    expect((await trust()).trustEvidence).toMatchObject({
      flags: {
        server_card_mismatch: {
          remotes: [{ url: URL, name: { card: "io.other/weather", listing: NAME }, embeds: ["tools"] }],
        },
      },
    });

    const agreeing = { name: NAME, remotes: [{ type: "streamable-http", url: URL }] };
    expect(await record(probe("2026-01-07T00:00:00.000Z", { server_card: serverCard(agreeing) }), [])).toBe(
      "recorded",
    );
    expect((await trust()).trustFlags).not.toContain("server_card_mismatch");
  });
});

describe("RecordProbeService: access classes and reused lists (real PostgreSQL and Redis)", () => {
  let h: Harness;
  let service: RecordProbeService;
  const name = "io.example/gated";
  beforeAll(async () => {
    h = await createHarness();
    const catalog = new CatalogRepository(h.db.prisma);
    const probes = new ProbesRepository(h.db.prisma);
    const derived = new DerivedService(
      catalog,
      probes,
      new PackageTargetsRepository(h.db.prisma),
      new EvidenceRepository(),
      CategoryClassifier.keywords(),
      h.bus,
      3_600_000,
    );
    service = new RecordProbeService(
      catalog,
      probes,
      derived,
      new ObserveToolsService(catalog, new ToolsRepository(), derived, h.bus),
      h.bus,
    );
    const at = new Date("2026-01-01T00:00:00Z");
    await catalog.withServerLock(name, async (tx) => {
      await catalog.ensureServer(tx, name, "io.example", at, at);
      await catalog.writeVersion(tx, {
        serverName: name,
        version: "1.0.0",
        serverJson: { name, version: "1.0.0", remotes: [{ type: "streamable-http", url: URL }] },
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
      await derived.refresh(tx, name);
    });
  });
  afterAll(() => h.close());

  const record = (result: ProbeResult, tools: ListedTool[]) =>
    service.record({ serverName: name, url: URL, scheduled: true, result, tools });
  const latest = () =>
    h.db.prisma.probe.findFirstOrThrow({
      orderBy: { startedAt: "desc" },
      select: { access: true, toolsTtlMs: true, toolsCacheScope: true, result: true },
    });
  const server = () =>
    h.db.prisma.server.findUniqueOrThrow({
      where: { name },
      select: { connectionClass: true, trustFlags: true, toolCount: true },
    });

  it("stores the access class and the list's caching; a reused list keeps the last one's tools and cloaking", async () => {
    const cloaking = { identity: "claude-code/2", differs: true, added: ["x"], removed: [], changed: [] };
    const listed = probe("2026-02-01T00:00:00.000Z", {
      access: "open",
      tools_cache: { ttl_ms: 172_800_000, cache_scope: "public" },
      tool_count: 2,
      cloaking,
    });
    expect(await record(listed, [FORECAST, ALERTS])).toBe("recorded");
    expect(await latest()).toMatchObject({
      access: "open",
      toolsTtlMs: 172_800_000,
      toolsCacheScope: "public",
    });

    const reused = probe("2026-02-02T00:00:00.000Z", {
      access: "open",
      tool_count: 0,
      tool_pages: 0,
      cloaking: null,
      tools_cache: null,
      tools_reused_until: "2026-02-03T00:00:00.100Z",
    });
    expect(await record(reused, [])).toBe("recorded");
    const stored = await latest();
    expect(stored).toMatchObject({ access: "open", toolsTtlMs: null });
    expect(stored.result).toMatchObject({
      tool_count: 2,
      cloaking,
      tools_reused_until: "2026-02-03T00:00:00.100Z",
    });
    expect(await server()).toMatchObject({ toolCount: 2 });
    expect((await server()).trustFlags).toContain("tools_differ_by_client");
    expect(await h.db.prisma.tool.count({ where: { serverName: name } })).toBe(2);
  });

  it("a late gate stays reachable and keeps its tools: needs sign-in, never unreachable", async () => {
    const auth = {
      ...okProbe().auth,
      required: true,
      resource_metadata_url: `${URL}/.well-known/oauth-protected-resource`,
      authorization_servers: ["https://auth.example.com"],
      authorization_endpoint: "https://auth.example.com/authorize",
      token_endpoint: "https://auth.example.com/token",
      registration_endpoint: "https://auth.example.com/register",
      pkce_s256: true,
    };
    const gated = probe("2026-02-04T00:00:00.000Z", {
      outcome: "auth_required",
      access: "late_gate",
      auth,
      tool_count: 0,
      tool_pages: 0,
      tools_error: "tools/list failed: Unauthorized",
    });
    expect(await record(gated, [])).toBe("recorded");
    expect(await latest()).toMatchObject({ access: "late_gate" });
    const judged = await server();
    expect(judged.connectionClass).toBe("R1");
    expect(judged.trustFlags).toEqual(
      expect.arrayContaining(["remote_reachable", "deprecated_registration"]),
    );
    expect(judged.trustFlags).not.toContain("remote_unreachable");
    expect(await h.db.prisma.tool.count({ where: { serverName: name } })).toBe(2);
  });
});
