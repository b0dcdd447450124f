import { CategoryClassifier } from "@catalog/categories";
import { toolTokens } from "@catalog/context-cost";
import type { ListedTool } from "@catalog/contracts";
import {
  CatalogRepository,
  EvidenceRepository,
  PackageTargetsRepository,
  ProbesRepository,
  ToolsRepository,
} from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { DerivedService } from "../servers/derived.service.js";
import { ObserveToolsService } from "./observe-tools.service.js";

const NAME = "io.example/weather";
const LATE = "io.example/late";
const T0 = new Date("2025-12-31T00:00:00Z");
const T1 = new Date("2026-01-01T00:00:00Z");
const T2 = new Date("2026-01-02T00:00:00Z");
const T3 = new Date("2026-01-03T00:00:00Z");

const tool = (name: string, description: string): ListedTool => ({
  name,
  description,
  inputSchema: { type: "object", properties: { city: { type: "string" } } },
});
const FORECAST = tool("get_forecast", "Returns the weather forecast for a city.");
const CITIES = tool("list_cities", "Lists the cities that have forecasts.");

describe("ObserveToolsService (real PostgreSQL and Redis)", () => {
  let h: Harness;
  let service: ObserveToolsService;
  beforeAll(async () => {
    h = await createHarness();
    const catalog = new CatalogRepository(h.db.prisma);
    const derived = new DerivedService(
      catalog,
      new ProbesRepository(h.db.prisma),
      new PackageTargetsRepository(h.db.prisma),
      new EvidenceRepository(),
      CategoryClassifier.keywords(),
      h.bus,
      3_600_000,
    );
    service = new ObserveToolsService(catalog, new ToolsRepository(), derived, h.bus);
    for (const name of [NAME, LATE])
      await catalog.withServerLock(name, async (tx) => {
        await catalog.ensureServer(tx, name, "io.example", T1, T1);
        await catalog.writeVersion(tx, {
          serverName: name,
          version: "1.0.0",
          serverJson: { name, version: "1.0.0", description: "Forecasts." },
          officialMeta: {},
          status: "active",
          statusChangedAt: null,
          statusMessage: null,
          publishedAt: T1,
          updatedAt: T1,
          isLatest: true,
          contentHash: "hash",
          source: "import",
        });
      });
  });
  afterAll(() => h.close());

  const tools = (serverName = NAME) =>
    h.db.prisma.tool.findMany({
      where: { serverName },
      orderBy: { name: "asc" },
      select: { name: true, description: true, source: true, observedAt: true, definitionTokens: true },
    });
  const indexJobs = async () => (await h.bus.queue("search").getJobs(["waiting"])).map((j) => j.data);
  const server = () => h.db.prisma.server.findUniqueOrThrow({ where: { name: NAME } });

  it("refuses the tools of a server not in the catalog yet, so that the job retries", async () => {
    await expect(service.observe("io.example/later", [FORECAST], "import", T1)).rejects.toThrow(
      "server io.example/later is not in the catalog",
    );
    expect(await indexJobs()).toEqual([]);
  });

  it("records the first list as the baseline, the first of a repeated name winning, and re-derives and re-indexes the server", async () => {
    const repeated = tool("get_forecast", "A second definition under the same name.");
    expect(await service.observe(NAME, [FORECAST, CITIES, repeated], "import", T1)).toBe("baseline");
    expect(await tools()).toEqual([
      { ...pick(FORECAST), source: "import", observedAt: T1, definitionTokens: toolTokens(FORECAST) },
      { ...pick(CITIES), source: "import", observedAt: T1, definitionTokens: toolTokens(CITIES) },
    ]);
    expect(await h.db.prisma.toolChange.count()).toBe(0);
    const s = await server();
    expect(s).toMatchObject({
      toolCount: 2,
      toolTokens: toolTokens(FORECAST) + toolTokens(CITIES),
      categories: ["location-maps"], // from the tools: the description says nothing of weather
    });
    const checks = s.qualityChecks as { id: string; status: string; detail: string }[];
    expect(checks.find((c) => c.id === "tools_listed")).toMatchObject({
      status: "pass",
      detail: "Lists 2 tool(s).",
    });
    expect(await indexJobs()).toEqual([{ serverName: NAME }]);
  });

  it("marks an unchanged list as seen again, and an observation older than the last list changes nothing", async () => {
    expect(await service.observe(NAME, [CITIES, FORECAST], "probe", T2)).toBe("unchanged");
    expect((await tools()).map((t) => [t.name, t.source, t.observedAt])).toEqual([
      ["get_forecast", "probe", T2],
      ["list_cities", "probe", T2],
    ]);
    expect(await service.observe(NAME, [CITIES], "check", T0)).toBe("unchanged");
    expect((await tools()).map((t) => t.name)).toEqual(["get_forecast", "list_cities"]);
    expect(await h.db.prisma.toolObservation.count({ where: { serverName: NAME } })).toBe(1);
    expect(await indexJobs()).toHaveLength(1);
  });

  it("records what a new list added, removed and changed", async () => {
    const changed = { ...FORECAST, description: "Returns the hourly weather forecast for a city." };
    const alerts = tool("subscribe_alerts", "Sends storm warnings by e-mail.");
    expect(await service.observe(NAME, [changed, alerts], "probe", T3)).toBe("changed");
    const history = await h.db.prisma.toolChange.findMany({
      where: { serverName: NAME },
      orderBy: { tool: "asc" },
      select: { tool: true, kind: true, fields: true, observedAt: true },
    });
    expect(history).toEqual([
      { tool: "get_forecast", kind: "changed", fields: ["description"], observedAt: T3 },
      { tool: "list_cities", kind: "removed", fields: [], observedAt: T3 },
      { tool: "subscribe_alerts", kind: "added", fields: [], observedAt: T3 },
    ]);
    expect((await tools()).map((t) => [t.name, t.description])).toEqual([
      ["get_forecast", changed.description],
      ["subscribe_alerts", alerts.description],
    ]);
    expect(await indexJobs()).toHaveLength(2);
  });

  // "Older" is judged against the last sighting of the current list, not only its observation
  // (a repeat sighting moves the tools' time): else the stale list would replace the newer one.
  it("ignores an observation older than the last sighting of the current list", async () => {
    await service.observe(LATE, [FORECAST, CITIES], "import", T1);
    await service.observe(LATE, [FORECAST, CITIES], "probe", T3);
    expect(await service.observe(LATE, [CITIES], "check", T2)).toBe("unchanged");
    expect((await tools(LATE)).map((t) => t.name)).toEqual(["get_forecast", "list_cities"]);
  });
});

const pick = (t: ListedTool) => ({ name: t.name, description: t.description });
