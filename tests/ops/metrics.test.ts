import { loadConfig } from "@catalog/config";
import { createMetrics } from "@catalog/observability";
import { createHarness, waitForIdle, type Harness } from "@catalog/testing";
import { createApp } from "../../services/gateway/src/app.js";
import { SearchClient } from "../../services/gateway/src/search/search-client.js";
import type { AddressInfo } from "node:net";
import { startSearch } from "../../services/search/src/search.js";
import { listen } from "../support/http.js";
import { registryEntry, seedCatalog } from "../support/read-api.js";
import { searchConfig } from "../support/search-catalog.js";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe("gateway metrics", () => {
  it("counts requests by route pattern and limiter rejections by scope", async () => {
    const metrics = createMetrics("gateway");
    const config = loadConfig({ ...h.env, RATE_LIMIT_ANONYMOUS: "3" });
    const app = createApp({
      db: h.db,
      bus: h.bus,
      log: h.log,
      config,
      metrics,
      search: new SearchClient("http://127.0.0.1:9"),
    });
    const { url, close } = await listen(app);
    await h.bus.redis().ping(); // limits count in Redis once connected (main.ts waits for it too)
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await fetch(`${url}/v1/servers/io.example%2Fmissing-${i}`)).status);
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
      const text = await metrics.registry.metrics();
      expect(text).toMatch(/catalog_limiter_rejections_total\{scope="anonymous",service="gateway"\} 2/);
      expect(text).toMatch(
        /catalog_http_requests_total\{route="\/v1\/servers\/\{name\}",method="GET",status="404",service="gateway"\} 3/,
      );
      expect(text).not.toMatch(/missing-\d/); // raw paths never become label values
    } finally {
      await close();
    }
  });
});

describe("search service metrics", () => {
  it("serves /metrics on its own port (not the API's) with the texts the model embedded", async () => {
    // Texts indexed while no model was loaded: the next start owes them embed jobs.
    await seedCatalog(h, [
      registryEntry({ name: "io.example/weather", description: "Weather forecasts for any city." }),
      registryEntry({ name: "io.example/notes", description: "Keeps notes in markdown files." }),
    ]);
    const keywordOnly = await startSearch({
      db: h.db,
      bus: h.bus,
      log: h.log,
      config: searchConfig(h, { EMBEDDING_PROVIDER: "none" }),
    });
    for (const name of ["io.example/weather", "io.example/notes"])
      await keywordOnly.indexer.indexServer(name);
    await keywordOnly.stop();
    const metrics = createMetrics("search");
    const search = await startSearch({ db: h.db, bus: h.bus, log: h.log, config: searchConfig(h), metrics });
    try {
      await search.ready;
      // The two servers' texts, owed at the model's load and embedded by embed jobs.
      await waitForIdle(h.bus, ["vectors"]);
      expect(await search.countVectorsPending()).toBe(0);
      const at = (server: { address(): unknown }) =>
        `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const api = at(search.http);
      const monitor = at(search.monitor);
      expect((await fetch(`${api}/metrics`)).status).toBe(404);
      expect((await fetch(`${monitor}/internal/search`, { method: "POST" })).status).toBe(404);
      const answer = await fetch(`${api}/internal/search`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ q: "send a message to a team channel" }),
      });
      expect(answer.status).toBe(200);
      const text = await (await fetch(`${monitor}/metrics`)).text();
      expect(text).toMatch(/catalog_search_vectors_pending\{service="search"\} 0\b/);
      expect(text).toMatch(/catalog_embeddings_total\{provider="local",model="[^"]+",service="search"\} 3\b/);
      // One batch for the query; the two embed jobs land in one batch or two, as the queue hands them over.
      expect(text).toMatch(
        /catalog_embedding_batch_duration_seconds_count\{service="search",provider="local"\} [23]\b/,
      );
    } finally {
      await search.stop();
    }
  }, 60_000);
});
