import type { AddressInfo } from "node:net";
import { SearchQuerySchema } from "@catalog/contracts";
import { createHarness, type Harness } from "@catalog/testing";
import { startSearchFor } from "../../../../tests/support/search-catalog.js";
import { weakEtag } from "../http/conditional.js";
import { ReadCache } from "../read-cache/index.js";
import { SearchClient } from "./search-client.js";
import { SearchService } from "./search.service.js";

const WEATHER = "io.example/weather";
const TIDES = "io.example/tides";

describe("SearchService (real search service, PostgreSQL and Redis)", () => {
  let h: Harness;
  let search: Awaited<ReturnType<typeof startSearchFor>>;
  const clients: SearchClient[] = [];
  const client = (url: string) => {
    const made = new SearchClient(url);
    clients.push(made);
    return made;
  };
  /** A replica's read cache, listening (as once subscribed to the change channels). */
  const listeningCache = () => {
    const reads = new ReadCache({ maxBytes: 1_000_000, ttlMs: 60_000, etag: weakEtag });
    reads.reset(true);
    return reads;
  };
  let live: SearchClient;
  /** Nothing listens there: the search service is down. */
  let down: SearchClient;
  const query = (q: Record<string, unknown>) => SearchQuerySchema.parse(q);

  beforeAll(async () => {
    h = await createHarness();
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, description, first_published_at, updated_at)
       VALUES ($1, 'io.example', 'Weather forecasts for any city', now(), now()),
              ($2, 'io.example', 'Tide tables for harbours', now(), now())`,
      [WEATHER, TIDES],
    );
    await h.db.pool.query(
      `INSERT INTO tools (server_name, name, description, input_schema, source, observed_at, definition_hash)
       VALUES ($1, 'get_forecast', 'Get the weather forecast of a city', '{"type":"object"}', 'probe', now(), 'h')`,
      [WEATHER],
    );
    search = await startSearchFor(h, { EMBEDDING_PROVIDER: "none" });
    await search.ready;
    await search.indexer.indexServers([WEATHER, TIDES]);
    live = client(`http://127.0.0.1:${(search.http.address() as AddressInfo).port}`);
    down = client("http://127.0.0.1:9");
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await search?.stop();
    await h?.close();
  });

  it("answers the search service's results with what to do next: open, connect, list the matched tools", async () => {
    const service = new SearchService(live, listeningCache());
    const outcome = await service.search(query({ q: "weather forecast" }));
    expect(outcome).toMatchObject({
      ok: true,
      body: {
        mode: "keyword",
        detail: "full",
        results: [{ name: WEATHER, matched_tools: [{ name: "get_forecast" }] }],
      },
    });
    expect(outcome.ok && outcome.body.next_actions.map((a) => [a.action, a.arguments])).toEqual([
      ["get_server", { name: WEATHER }],
      ["get_connection", { name: WEATHER }],
      ["list_tools", { name: WEATHER }],
    ]);
    const tides = await service.search(query({ q: "tide tables", detail: "names" }));
    expect(tides.ok && tides.body).toMatchObject({ detail: "names", results: [{ name: TIDES }] });
    expect(tides.ok && tides.body.results[0]).toEqual({ name: TIDES, match: expect.any(String) });
    expect(tides.ok && tides.body.next_actions.map((a) => a.action)).toEqual([
      "get_server",
      "get_connection",
    ]);
  });

  it("suggests the same search without its filters when the filters leave nothing, and nothing otherwise", async () => {
    const service = new SearchService(live, listeningCache());
    const filtered = await service.search(query({ q: "weather forecast", min_trust: "90" }));
    expect(filtered.ok && filtered.body.results).toEqual([]);
    expect(filtered.ok && filtered.body.next_actions.map((a) => [a.action, a.arguments])).toEqual([
      ["search", { q: "weather forecast" }],
    ]);
    const nothing = await service.search(query({ q: "quantum chromodynamics" }));
    expect(nothing.ok && nothing.body).toMatchObject({ results: [], next_actions: [] });
  });

  it("answers a repeated request from the read cache, at any detail, until any change is announced", async () => {
    const reads = listeningCache();
    const first = await new SearchService(live, reads).search(query({ q: "weather forecast" }));
    // The same replica's cache behind a search service that is down: only kept answers come back.
    const kept = new SearchService(down, reads);
    expect(await kept.search(query({ q: "weather forecast" }))).toEqual(first);
    expect(await kept.search(query({ q: "weather forecast", detail: "summary" }))).toMatchObject({
      ok: true,
      body: { detail: "summary", results: [{ name: WEATHER, line: expect.any(String) }] },
    });
    expect(await kept.search(query({ q: "weather forecast", limit: "3" }))).toMatchObject({ status: 503 });
    // Kept as depending on every server: a change to any one of them forgets it.
    reads.changed("com.other/unrelated");
    expect(await kept.search(query({ q: "weather forecast" }))).toMatchObject({ status: 503 });
  });

  it("answers 503 search_unavailable with a retry of the same search without its filters", async () => {
    const service = new SearchService(down, listeningCache());
    expect(
      await service.search(query({ q: "weather", intents: ["get a forecast"], transport: "sse" })),
    ).toEqual({
      ok: false,
      status: 503,
      error: "search_unavailable",
      details: { retry_after: expect.any(Number) },
      nextActions: [
        expect.objectContaining({
          action: "search",
          arguments: { q: "weather", intents: ["get a forecast"] },
        }),
      ],
    });
  });
});
