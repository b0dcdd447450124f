import type { Worker } from "bullmq";
import type { EmbeddingProvider } from "@catalog/embeddings";
import {
  importJob,
  sharedData,
  sharedImportData,
  SNAPSHOT_2025_12_18,
  waitForIdle,
  type Harness,
} from "@catalog/testing";
import { startCatalogWorker } from "../../services/catalog/src/catalog.js";
import { createMirror } from "../../services/ingest/src/ingest.js";
import { FileRegistrySource, type RegistrySource } from "../../services/ingest/src/mirror/registry-source.js";
import { startSearch, type SearchConfig, type SearchService } from "../../services/search/src/search.js";
import { sourceHash, templateHarness } from "./template-db.js";

export const searchConfig = (h: Harness, overrides: Partial<SearchConfig> = {}): SearchConfig => ({
  SEARCH_PORT: 0,
  SEARCH_METRICS_PORT: 0,
  REDIS_URL: h.redisUrl,
  QUEUE_PREFIX: h.prefix,
  WORKER_LOCK_MS: 30_000,
  EMBEDDING_PROVIDER: "local",
  EMBEDDING_BASE_URL: undefined,
  EMBEDDING_API_KEY: undefined,
  EMBEDDING_MODEL: "text-embedding-3-small",
  EMBEDDING_DIMENSIONS: undefined,
  EMBEDDING_BATCH_SIZE: 64,
  EMBEDDING_THREADS: 2,
  EMBEDDING_TIMEOUT_MS: 30_000,
  QDRANT_URL: undefined,
  QDRANT_API_KEY: undefined,
  QDRANT_COLLECTION: "catalog",
  VECTOR_EXACT_MAX: 10_000,
  SEARCH_GRAPH_DIR: undefined,
  SEARCH_CANDIDATES: 60,
  SEARCH_CACHED_QUERIES: 1000,
  // A loaded test machine must not turn a quality test into a keyword one (search-backfill tests the wait).
  SEARCH_VECTOR_WAIT_MS: 60_000,
  SEARCH_FACTS_REFRESH_MS: 30_000,
  SEARCH_INDEX_CONCURRENCY: 64,
  ...overrides,
});

export function startSearchFor(
  h: Harness,
  overrides: Partial<SearchConfig> = {},
  embeddings?: EmbeddingProvider,
): Promise<SearchService> {
  return startSearch({ db: h.db, bus: h.bus, log: h.log, config: searchConfig(h, overrides), embeddings });
}

/**
 * Loads the real catalog through the production job path: the registry snapshot through the
 * mirror, the standalone servers as `catalog/upsert-version` imports, every tool list as
 * `catalog/import-tools` jobs; the catalog emits the index jobs the search service consumes.
 */
export async function loadSearchCatalog(h: Harness): Promise<void> {
  const worker: Worker = startCatalogWorker({
    db: h.db,
    bus: h.bus,
    log: h.log,
    config: { CATALOG_CONCURRENCY: 4, WORKER_LOCK_MS: 30_000, PROBE_INTERVAL_MS: 86_400_000 },
  });
  try {
    const mirror = createMirror(
      h,
      latestOnly(new FileRegistrySource(sharedData(SNAPSHOT_2025_12_18))),
      86_400_000,
    );
    await mirror.run();
    const data = sharedImportData();
    await h.bus.addBulk(
      "catalog",
      "upsert-version",
      data.registry.map((e) => ({ data: importJob(e) })),
    );
    await waitForIdle(h.bus, ["catalog"], 300_000);
    const observedAt = new Date("2025-12-18T12:00:00Z").toISOString();
    await h.bus.addBulk(
      "catalog",
      "import-tools",
      Object.entries(data.tools).map(([serverName, tools]) => ({ data: { serverName, tools, observedAt } })),
    );
    await waitForIdle(h.bus, ["catalog", "search", "vectors"], 600_000);
  } finally {
    await worker.close();
  }
}

/** What the loaded catalog depends on: the code that loads, indexes and embeds it, the model's version. */
const SEARCH_SOURCES = [
  "packages",
  "services/catalog/src",
  "services/ingest/src",
  "services/search/src",
  "tests/support/search-catalog.ts",
  "pnpm-lock.yaml",
];

/**
 * A harness over the real catalog as `loadSearchCatalog` leaves it with a search service indexing
 * and embedding it (every text's vector stored): built once per change of that code, with the
 * vectors of the previous build's texts kept, then copied per test file. A search service started
 * on the copy loads the stored vectors and embeds nothing.
 */
export function searchCatalogHarness(): Promise<Harness> {
  return templateHarness(
    "catalog_search",
    sourceHash(SEARCH_SOURCES, SNAPSHOT_2025_12_18),
    async (h) => {
      const search = await startSearchFor(h);
      try {
        await search.ready;
        await loadSearchCatalog(h);
      } finally {
        await search.stop();
      }
    },
    // Vectors are keyed by model and text: those of texts no code change touched are kept.
    { reuse: ["embeddings"] },
  );
}

/** The snapshot as a mirror of `?version=latest` sees it: search reads only latest versions. */
function latestOnly(source: RegistrySource): RegistrySource {
  return {
    description: `${source.description} (latest)`,
    list: (q) => source.list({ ...q, version: "latest" }),
  };
}
