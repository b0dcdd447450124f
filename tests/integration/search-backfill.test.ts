import type { AddressInfo } from "node:net";
import { loadConfig } from "@catalog/config";
import { SearchQuerySchema, searchRequestFromQuery } from "@catalog/contracts";
import { createProvider, type EmbeddingProvider } from "@catalog/embeddings";
import { createMetrics } from "@catalog/observability";
import { createHarness, waitForIdle, type Harness } from "@catalog/testing";
import { createApp } from "../../services/gateway/src/app.js";
import { readKey } from "../../services/gateway/src/operations/read-through.js";
import { startReadCache } from "../../services/gateway/src/read-cache/index.js";
import { SearchClient } from "../../services/gateway/src/search/search-client.js";
import { startSearch, type SearchService } from "../../services/search/src/search.js";
import { listen } from "../support/http.js";
import { registryEntry, seedCatalog } from "../support/read-api.js";
import { searchConfig } from "../support/search-catalog.js";
import { until } from "../support/service-process.js";

/**
 * Meaning is filled in behind keyword search: index jobs never embed, so servers are
 * keyword-searchable while the model is still busy (here: held, as a model embedding a cold
 * catalog for an hour would be), and a search never waits for it past its vector's deadline.
 */

/** The real model, with every call held while `held` (the embedding backlog of a cold start). */
class HeldModel implements EmbeddingProvider {
  held = true;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly real: EmbeddingProvider) {}

  get model(): string {
    return this.real.model;
  }

  get dimensions(): number {
    return this.real.dimensions;
  }

  async embed(texts: readonly string[], options?: { urgent?: boolean }): Promise<Float32Array[]> {
    if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.real.embed(texts, options);
  }

  release(): void {
    this.held = false;
    for (const resume of this.waiting.splice(0)) resume();
  }

  close(): Promise<void> {
    return this.real.close?.() ?? Promise.resolve();
  }
}

const SERVERS = [
  { name: "io.github.acme/tides", description: "Tide tables and harbour water levels." },
  { name: "io.github.acme/ledger", description: "Double-entry bookkeeping journals and balances." },
  { name: "io.github.acme/herbarium", description: "Botanical specimen records for herbarium curators." },
];

let h: Harness;
let model: HeldModel;
let search: SearchService;
let health: () => Promise<Record<string, unknown>>;
let metrics: () => Promise<string>;
/** A gateway replica whose read cache listens, over the search service. */
let gateway: { url: string; close: () => Promise<void> };
let reads: ReturnType<typeof startReadCache>;

beforeAll(async () => {
  h = await createHarness();
  const config = searchConfig(h, { EMBEDDING_THREADS: 1, SEARCH_VECTOR_WAIT_MS: 250 });
  model = new HeldModel((await createProvider(config))!);
  const registry = createMetrics("search");
  search = await startSearch({
    db: h.db,
    bus: h.bus,
    log: h.log,
    config,
    embeddings: model,
    metrics: registry,
  });
  await search.ready; // the model and the (no) stored vectors are loaded
  const base = `http://127.0.0.1:${(search.monitor.address() as AddressInfo).port}`;
  health = async () => (await fetch(`${base}/healthz`)).json() as Promise<Record<string, unknown>>;
  metrics = async () => (await fetch(`${base}/metrics`)).text();
  await seedCatalog(
    h,
    SERVERS.map((s) => registryEntry(s)),
  );
  await waitForIdle(h.bus, ["search"]); // index jobs done while every embedding is held
  const gatewayConfig = loadConfig({ ...h.env, RATE_LIMIT_ENABLED: "false" });
  reads = startReadCache(gatewayConfig);
  gateway = await listen(
    createApp({
      db: h.db,
      bus: h.bus,
      log: h.log,
      config: gatewayConfig,
      search: new SearchClient(`http://127.0.0.1:${(search.http.address() as AddressInfo).port}`),
      readCache: reads.cache,
    }),
  );
  await until("the replica listening to changes", async () => reads.cache.isListening, 10_000);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await reads?.close();
  model.release();
  await search.stop();
  await model.close();
  await h.close();
});

/** A search through the gateway's REST route (its handler, read cache and fast lane). */
async function gatewaySearch(q: string): Promise<{ status: number; mode: unknown }> {
  const res = await fetch(`${gateway.url}/v1/search?q=${encodeURIComponent(q)}`);
  return { status: res.status, mode: ((await res.json()) as { mode?: unknown }).mode };
}

const ask = (q: string) => search.engine.search({ q, limit: 10, filters: {}, retrievers: "hybrid" } as never);

/** A search that must answer while the model is held: it fails if it waits for the model. */
async function askWithoutWaiting(q: string) {
  const answer = await Promise.race([
    ask(q),
    new Promise<"blocked">((resolve) => setTimeout(() => resolve("blocked"), 15_000).unref()),
  ]);
  if (answer === "blocked") throw new Error("the search waited for the held model");
  return answer;
}

describe("keyword search during the embedding backfill", () => {
  it("answers every server by keyword while its texts wait for the model", async () => {
    const { vectors } = await h.bus.counts(["vectors"]);
    expect(vectors!.active! + vectors!.waiting!).toBeGreaterThan(0); // embed jobs held
    for (const server of SERVERS) {
      const answer = await ask(server.description.split(" ")[0]!);
      expect(answer.results.map((r) => r.name)).toContain(server.name);
    }
  });

  it("never waits for the model: a search whose vector is late answers by keyword, not kept", async () => {
    // The query's vector is held too: the search answers past its deadline, by keyword alone.
    const answer = await askWithoutWaiting("bookkeeping journals");
    expect(answer.mode).toBe("keyword");
    expect(answer.results.map((r) => r.name)).toEqual(["io.github.acme/ledger"]);
  });

  it("answers a query naming a server by its name, without the held model, in hybrid mode", async () => {
    const answer = await askWithoutWaiting("ledger");
    expect(answer.mode).toBe("hybrid");
    expect(answer.results[0]?.name).toBe("io.github.acme/ledger");
  });

  it("shows what is owed in /healthz and the metrics", async () => {
    const pending = await search.countVectorsPending();
    expect(pending).toBe(SERVERS.length); // one text per server (no tools)
    expect(await health()).toMatchObject({ ok: true, keyword_index: true, vectors_pending: pending });
    expect(await metrics()).toMatch(
      new RegExp(`catalog_search_vectors_pending\\{service="search"\\} ${pending}\\b`),
    );
    // The searches above asked the engine directly; one through the internal API counts as late.
    const api = `http://127.0.0.1:${(search.http.address() as AddressInfo).port}`;
    const late = await fetch(`${api}/internal/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ q: "harbour water levels" }),
    });
    expect(await late.json()).toMatchObject({ mode: "keyword" });
    expect(await metrics()).toMatch(/catalog_search_vectors_late_total\{service="search"\} 1\b/);
    // Through a gateway replica: answered by keyword, and kept nowhere (no change is announced to
    // forget a degraded answer: kept, it would be replayed until the next one).
    expect(await gatewaySearch("bookkeeping journals")).toMatchObject({ status: 200, mode: "keyword" });
    const query = SearchQuerySchema.parse({ q: "bookkeeping journals" });
    expect(reads.cache.get(readKey.search(searchRequestFromQuery(query), query.detail))).toBeUndefined();
    expect(reads.cache.get(`search ${JSON.stringify(searchRequestFromQuery(query))}`)).toBeUndefined();
  });

  it("fills in meaning once the model is free, and answers in hybrid mode", async () => {
    model.release();
    await waitForIdle(h.bus, ["vectors"], 60_000);
    expect(await search.countVectorsPending()).toBe(0);
    expect(await health()).toMatchObject({ vectors_pending: 0 });
    expect(await search.vectors()!.count("server")).toBe(SERVERS.length);
    // The late search's keyword candidates were not kept: the same query now has meaning too.
    const answer = await ask("bookkeeping journals");
    expect(answer.mode).toBe("hybrid");
    expect(answer.results[0]?.name).toBe("io.github.acme/ledger");
    // Nor did the gateway keep its degraded answer: the same request is asked again, and has meaning.
    expect(await gatewaySearch("bookkeeping journals")).toMatchObject({ status: 200, mode: "hybrid" });
  }, 90_000);
});
