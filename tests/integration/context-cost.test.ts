import { serverTokens, toolTokens } from "@catalog/context-cost";
import { ServerDescriptorSchema, ToolListBodySchema } from "@catalog/contracts";
import { createHarness, waitForIdle, type Harness } from "@catalog/testing";
import { catalogWorker } from "../support/catalog.js";
import { registryEntry, seedCatalog, startGateway, type Gateway } from "../support/read-api.js";

/**
 * What each server's tool definitions cost in a model's context: counted when a tool list is
 * observed, stored per tool, observation and server, shown in the descriptor and tool pages;
 * rows written before counting existed are counted by the catalog's count-tokens job.
 */
const WEATHER = "io.github.acme/weather";
const NOTES = "io.github.acme/notes";
const weatherTools = [
  {
    name: "get_forecast",
    description: "Forecast for a city, by day, with temperatures and rain.",
    inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
  { name: "get_alerts", description: "Weather alerts of a US state.", inputSchema: { type: "object" } },
];
const noteTools = [{ name: "add_note", description: "Adds a note.", inputSchema: { type: "object" } }];

let h: Harness;
let api: Gateway;

beforeAll(async () => {
  h = await createHarness();
  const observedAt = "2026-11-20T10:00:00.000Z";
  await seedCatalog(
    h,
    [
      registryEntry({ name: WEATHER, description: "Forecasts" }),
      registryEntry({ name: NOTES, description: "Notes" }),
    ],
    [
      { serverName: WEATHER, tools: weatherTools, observedAt },
      { serverName: NOTES, tools: noteTools, observedAt },
    ],
  );
  api = await startGateway(h);
});
afterAll(async () => {
  await api?.close();
  await h?.close();
});

const descriptor = async (name: string) =>
  ServerDescriptorSchema.parse((await api.get(`/v1/servers/${encodeURIComponent(name)}`)).body);

describe("context cost of tool definitions", () => {
  it("counts each tool and the server at observation, in the descriptor and the tool page", async () => {
    const d = await descriptor(WEATHER);
    expect(d.tool_tokens).toBe(serverTokens(weatherTools));
    const byName = Object.fromEntries(d.tools.map((t) => [t.name, t.tokens]));
    for (const t of weatherTools) expect([t.name, byName[t.name]]).toEqual([t.name, toolTokens(t)]);
    const page = ToolListBodySchema.parse((await api.get(`/v1/servers/${WEATHER}/tools`)).body);
    expect(page.tools.map((t) => t.tokens)).toEqual(
      [...weatherTools].sort((a, b) => (a.name < b.name ? -1 : 1)).map((t) => toolTokens(t)),
    );
    const { rows } = await h.db.pool.query(
      "SELECT total_tokens FROM tool_observations WHERE server_name = $1",
      [WEATHER],
    );
    expect(rows.map((r: { total_tokens: number }) => r.total_tokens)).toEqual([serverTokens(weatherTools)]);
  });

  it("counts rows written before counting existed with the count-tokens job", async () => {
    await h.db.pool.query("UPDATE tools SET definition_tokens = NULL");
    await h.db.pool.query("UPDATE servers SET tool_tokens = NULL");
    expect((await descriptor(NOTES)).tool_tokens).toBeNull();
    const worker = catalogWorker(h);
    try {
      await h.bus.add("catalog", "count-tokens", {});
      await waitForIdle(h.bus, ["catalog"]);
    } finally {
      await worker.close();
    }
    expect((await descriptor(NOTES)).tool_tokens).toBe(serverTokens(noteTools));
    expect((await descriptor(WEATHER)).tools.every((t) => t.tokens !== null)).toBe(true);
  });
});
