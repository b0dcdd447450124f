import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig } from "@catalog/config";
import { SearchFullResponseSchema } from "@catalog/contracts";
import { createHarness, waitForIdle, type Harness } from "@catalog/testing";
import { createApp } from "../../services/gateway/src/app.js";
import { startReadCache } from "../../services/gateway/src/read-cache/index.js";
import { SearchClient } from "../../services/gateway/src/search/search-client.js";
import type { SearchService } from "../../services/search/src/search.js";
import { registryEntry, seedCatalog } from "../support/read-api.js";
import { startSearchFor } from "../support/search-catalog.js";
import { until } from "../support/service-process.js";

/**
 * Two gateway replicas, each keeping search answers in its read cache, over one search service:
 * a repeated search is answered without the hop (the search service may be gone) and equals the
 * engine's answer; an index change, announced on the change channel, makes both forget it.
 */
const SERVERS = ["io.github.acme/weather", "io.github.acme/forecast", "io.github.acme/tides"];

let h: Harness;
let search: SearchService;
let searchStopped = false;
const gateways: { url: string; server: Server; close: () => Promise<void> }[] = [];

beforeAll(async () => {
  h = await createHarness();
  search = await startSearchFor(h, { EMBEDDING_PROVIDER: "none" });
  await search.ready;
  await seedCatalog(
    h,
    SERVERS.map((name) => registryEntry({ name, description: `Weather ${name.split("/")[1]} for a city` })),
  );
  await waitForIdle(h.bus, ["search"]);
  for (let i = 0; i < 2; i++) {
    const config = loadConfig({ ...h.env, RATE_LIMIT_ENABLED: "false" });
    const reads = startReadCache(config);
    const app = createApp({
      db: h.db,
      bus: h.bus,
      log: h.log,
      config,
      search: new SearchClient(`http://127.0.0.1:${(search.http.address() as AddressInfo).port}`),
      readCache: reads.cache,
    });
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    gateways.push({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      server,
      close: async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await reads.close();
      },
    });
    await until("the replica listening to changes", async () => reads.cache.isListening, 10_000);
  }
}, 120_000);

afterAll(async () => {
  for (const g of gateways) await g.close();
  if (!searchStopped) await search?.stop();
  await h?.close();
});

const ask = async (gateway: string, q: string) => {
  const res = await fetch(`${gateway}/v1/search?q=${encodeURIComponent(q)}&limit=5`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

it("keeps an answer equal to the engine's and forgets it on every replica when the index changes", async () => {
  const [a, b] = gateways.map((g) => g.url) as [string, string];
  const first = await ask(a, "weather for a city");
  expect(first.status).toBe(200);
  const engine = await search.engine.search({
    q: "weather for a city",
    limit: 5,
    filters: {},
    retrievers: "hybrid",
  });
  expect(SearchFullResponseSchema.parse(first.body).results).toEqual(engine.results);
  expect((await ask(b, "weather for a city")).body).toEqual(first.body);
  // A change of one server's documents, indexed and announced by the search service.
  await h.db.pool.query(
    "UPDATE servers SET description = 'Weather and sea tides for a city' WHERE name = $1",
    [SERVERS[2]],
  );
  await search.indexer.indexServer(SERVERS[2]!);
  for (const replica of [a, b])
    await until(
      "the replica to answer from the changed index",
      async () => JSON.stringify((await ask(replica, "weather for a city")).body).includes("sea tides"),
      5_000,
    );
});

it("answers a repeated search without the search service, and a new one with 503 and retry-after", async () => {
  const [a] = gateways.map((g) => g.url) as [string];
  expect((await ask(a, "tides for a city")).status).toBe(200);
  await search.stop();
  searchStopped = true;
  const again = await ask(a, "tides for a city");
  expect(again.status).toBe(200);
  const fresh = await fetch(`${a}/v1/search?q=${encodeURIComponent("forecast of the week")}`);
  expect(fresh.status).toBe(503);
  expect(fresh.headers.get("retry-after")).not.toBeNull();
});
