import type { Server } from "node:http";
import type { Config } from "@catalog/config";
import { SearchIndexStateRepository, SearchRepository, type Database } from "@catalog/db";
import {
  embeddingObserver,
  metricsRoute,
  startHealthServer,
  type Logger,
  type Metrics,
} from "@catalog/observability";
import { logWorkerEvents, type JobBus } from "@catalog/queue";
import { createProvider, type EmbeddingProvider, type ProviderSettings } from "@catalog/embeddings";
import { DEFAULT_EXPANSION } from "@catalog/lexical";
import { internalRoutes } from "./http/internal.routes.js";
import { JobBatcher } from "./indexing/job-batcher.js";
import { IndexService, type IndexOutcome } from "./indexing/index.service.js";
import { LexicalSync } from "./indexing/lexical-sync.js";
import { VectorSync } from "./indexing/vector-sync.js";
import { EmbedProgress } from "./indexing/embed-progress.js";
import { ChangeFeed } from "./live/change-feed.js";
import { owedVectors, queueEmbeddings } from "./owed/vectors.owed.js";
import { FactsCache } from "./query/facts-cache.js";
import { QueryEmbedder } from "./query/query-embedder.js";
import { loadAssociations } from "./query/associations-file.js";
import { SearchEngine, type EngineOptions, type Semantic } from "./query/search.engine.js";
import { MemoryVectorIndex } from "./vectors/memory.index.js";
import { QdrantVectorIndex } from "./vectors/qdrant.index.js";
import type { VectorIndex } from "./vectors/vector-index.js";

export type SearchConfig = Pick<
  Config,
  | "SEARCH_PORT"
  | "SEARCH_METRICS_PORT"
  | "REDIS_URL"
  | "QUEUE_PREFIX"
  | "WORKER_LOCK_MS"
  | "QDRANT_URL"
  | "QDRANT_API_KEY"
  | "QDRANT_COLLECTION"
  | "VECTOR_EXACT_MAX"
  | "SEARCH_GRAPH_DIR"
  | "SEARCH_CANDIDATES"
  | "SEARCH_CACHED_QUERIES"
  | "SEARCH_VECTOR_WAIT_MS"
  | "SEARCH_FACTS_REFRESH_MS"
  | "SEARCH_INDEX_CONCURRENCY"
> &
  ProviderSettings;

/** A change of the whole index, on the change channel. */
const EVERYTHING = "*";

export type SearchDeps = {
  db: Database;
  bus: JobBus;
  log: Logger;
  config: SearchConfig;
  /** The process's metrics, served at /metrics with the embedding throughput. */
  metrics?: Metrics;
  /** A provider to use instead of the configured one (benchmarks); it must be batching already. */
  embeddings?: EmbeddingProvider;
  /** Said in /healthz beside the checks (the reconciler's last loss of Redis data). */
  details?: () => Record<string, unknown>;
};

export type SearchService = {
  engine: SearchEngine;
  /** What an engine answers from, for engines of other settings over the same indexes (benchmarks). */
  parts: {
    repo: SearchRepository;
    facts: FactsCache;
    lexical: LexicalSync;
    semantic: () => Semantic | undefined;
  };
  indexer: IndexService;
  worker: ReturnType<JobBus["worker"]>;
  /** The internal API (and health), called by the gateway. */
  http: Server;
  /** Metrics (and health), on their own port for monitoring. */
  monitor: Server;
  /**
   * Resolves when the keyword index, the embedding model and the stored vectors are loaded (the
   * keyword index alone for `none`); texts without a vector are embedded behind it (embed jobs).
   */
  ready: Promise<void>;
  /** The vector index, once loaded. */
  vectors: () => VectorIndex | undefined;
  /** The embedding model, once loaded: texts without its vectors are owed embed jobs. */
  model: () => string | undefined;
  /** Counts the texts still without a vector now (as the timer does for /healthz and the metric). */
  countVectorsPending: () => Promise<number | null>;
  stop: () => Promise<void>;
};

/** Delay before retrying a provider or vector store that failed to start. */
const RETRY_MS = 30_000;
/** Delay before reading the keyword index again after PostgreSQL failed during its load. */
const KEYWORD_RETRY_MS = 5_000;
/** Servers per embed batch: about 150 texts, seconds of the local model, so a stop costs little. */
const EMBED_BATCH_SERVERS = 12;
/** How often the texts still owed a vector are counted (metric, /healthz, log). */
const VECTORS_COUNT_MS = 30_000;
/** Below this cosine similarity a USE-lite or OpenAI neighbour is not a candidate. */
const MIN_SIMILARITY = 0.2;

/** The engine's settings from the service's. */
export function engineOptions(config: SearchConfig): EngineOptions {
  return {
    candidates: config.SEARCH_CANDIDATES,
    minSimilarity: MIN_SIMILARITY,
    cachedQueries: config.SEARCH_CACHED_QUERIES,
    vectorWaitMs: config.SEARCH_VECTOR_WAIT_MS,
    associations: { table: loadAssociations(), expansion: DEFAULT_EXPANSION },
  };
}

/**
 * The search service: consumes index jobs, answers /internal/search, and loads the embedding
 * model and vectors in the background (answering in keyword mode until they are ready).
 */
export async function startSearch({
  db,
  bus,
  log,
  config,
  metrics,
  embeddings,
  details = () => ({}),
}: SearchDeps): Promise<SearchService> {
  const repo = new SearchRepository(db);
  const facts = new FactsCache(repo);
  await facts.reloadAll();
  const feed = new ChangeFeed(config.REDIS_URL, config.QUEUE_PREFIX);
  let sync: VectorSync | undefined;
  let semantic: Semantic | undefined;
  let stopped = false;
  let closeProvider = (): Promise<void> => Promise.resolve();

  const lexical = new LexicalSync(repo);
  const embedding = new EmbedProgress(repo, log, metrics);
  const engine = new SearchEngine(repo, facts, lexical, () => semantic, engineOptions(config));
  /** Every answer may have changed (the gateways forget the search answers they keep). */
  const announceEverything = () =>
    void feed.publish([EVERYTHING]).catch((err: Error) => log.warn({ err: err.message }, "announce failed"));
  /** What this replica holds of a server, read again after it changed here or on another replica. */
  const refresh = async (names: readonly string[]) => {
    await Promise.all([lexical.reload(names), facts.reload(names)]);
    engine.invalidate();
  };

  // Another replica indexed a server: refresh it here too (and its vectors in an in-process index).
  await feed.subscribe((name) => {
    // Another replica's answers changed as a whole (its model or keyword index became ready).
    if (name === EVERYTHING) return engine.invalidate();
    const refreshAll = async () => {
      await refresh([name]);
      if (sync && !sync.shared) await sync.reloadServer(name);
      engine.invalidate();
    };
    refreshAll().catch((err: Error) => log.warn({ err: err.message, server: name }, "refresh failed"));
  });
  // The keyword index loads while the service already answers health checks (not ready yet)
  // and the vectors load beside it.
  let keywordReady = false;
  const lexicalLoad = (async () => {
    while (!stopped) {
      const started = Date.now();
      try {
        const read = await lexical.loadAll();
        keywordReady = true;
        engine.invalidate();
        announceEverything();
        log.info({ read, ...lexical.index.stats(), ms: Date.now() - started }, "keyword index loaded");
        return;
      } catch (err) {
        log.error({ err: (err as Error).message }, "keyword index load failed; retrying");
        await new Promise((r) => setTimeout(r, KEYWORD_RETRY_MS).unref());
      }
    }
  })();
  const health = async () => ({
    postgres: await db.ping(),
    redis: await bus.ping(),
    keyword_index: keywordReady,
  });
  // Two ports, so a network policy can let the gateway reach the API and monitoring the metrics.
  const about = () => ({ ...details(), vectors_pending: embedding.pending });
  const http = await startHealthServer(
    config.SEARCH_PORT,
    health,
    internalRoutes(
      engine,
      () => ({ vectors: semantic?.index.description ?? null }),
      () => keywordReady,
      () => metrics?.searchVectorsLate.inc(),
    ),
    about,
  );
  const monitor = await startHealthServer(
    config.SEARCH_METRICS_PORT,
    health,
    metrics && { "/metrics": metricsRoute(metrics) },
    about,
  );
  const indexer = new IndexService(
    repo,
    new SearchIndexStateRepository(db.prisma),
    () => sync,
    async (names) => {
      await refresh(names);
      await feed.publish(names);
    },
    async (owed) => void (await queueEmbeddings(bus, owed)),
  );
  const batcher = new JobBatcher<IndexOutcome>(
    (names) => indexer.indexServers(names),
    config.SEARCH_INDEX_CONCURRENCY,
  );
  const worker = bus.worker(
    "search",
    { "index-server": (data) => batcher.submit(data.serverName) },
    {
      concurrency: config.SEARCH_INDEX_CONCURRENCY,
      lockDuration: config.WORKER_LOCK_MS,
      stalledInterval: config.WORKER_LOCK_MS,
    },
  );
  logWorkerEvents(worker, log, "index");

  const timer = setInterval(() => {
    facts.reloadAll().catch((err: Error) => log.warn({ err: err.message }, "facts reload failed"));
  }, config.SEARCH_FACTS_REFRESH_MS);
  timer.unref();

  // Meaning filled in behind keyword search: embed jobs, consumed once the model is loaded.
  const vectorsOwed = owedVectors(repo, bus, () => sync?.model);
  let embedWorker: ReturnType<JobBus["worker"]> | undefined;
  const startEmbedding = (s: VectorSync) => {
    const embedBatcher = new JobBatcher(async (names) => {
      const texts = await indexer.embedServers(names);
      embedding.embedded(texts);
      engine.invalidate();
      await feed.publish(names);
      return new Map(names.map((name) => [name, { texts }]));
    }, EMBED_BATCH_SERVERS);
    embedWorker = bus.worker(
      "vectors",
      { "embed-server": (data) => embedBatcher.submit(data.serverName) },
      {
        concurrency: EMBED_BATCH_SERVERS,
        lockDuration: config.WORKER_LOCK_MS,
        stalledInterval: config.WORKER_LOCK_MS,
      },
    );
    logWorkerEvents(embedWorker, log, "embed");
    embedding.start(s.model, VECTORS_COUNT_MS);
  };

  const loadSemantic = async (): Promise<void> => {
    const started = Date.now();
    const provider =
      embeddings ??
      (await createProvider(config, metrics && embeddingObserver(metrics, config.EMBEDDING_PROVIDER)));
    if (!provider) return;
    if (stopped) {
      await provider.close?.();
      return;
    }
    closeProvider = () => provider.close?.() ?? Promise.resolve();
    const index: VectorIndex = config.QDRANT_URL
      ? await QdrantVectorIndex.open(
          {
            url: config.QDRANT_URL,
            apiKey: config.QDRANT_API_KEY,
            collectionPrefix: config.QDRANT_COLLECTION,
          },
          provider.model,
          provider.dimensions,
        )
      : new MemoryVectorIndex(provider.dimensions, {
          exactMax: config.VECTOR_EXACT_MAX,
          onError: (err) => log.error({ err: err.message }, "vector graph build or save failed"),
          graphDir: config.SEARCH_GRAPH_DIR,
          modelKey: provider.model,
        });
    const s = new VectorSync(repo, provider, index, config.QDRANT_URL !== undefined);
    sync = s; // index jobs place stored vectors and owe the missing ones from now on
    const loaded = await s.loadAll();
    index.loaded?.();
    semantic = { embedder: new QueryEmbedder(provider), index };
    engine.invalidate(); // keyword-mode candidates lack the semantic lists
    announceEverything();
    startEmbedding(s);
    // Texts written while no model was loaded (a first start, a model change): owed at once.
    const owed = await vectorsOwed.queue("start");
    log.info(
      { model: provider.model, vectors: index.description, loaded, owed, ms: Date.now() - started },
      "semantic search ready",
    );
  };
  const semanticReady = (async () => {
    while (!stopped) {
      try {
        return await loadSemantic();
      } catch (err) {
        sync = undefined;
        await closeProvider().catch(() => undefined);
        log.error({ err: (err as Error).message }, "semantic search unavailable; answering in keyword mode");
        await new Promise((r) => setTimeout(r, RETRY_MS).unref());
      }
    }
  })();

  return {
    engine,
    parts: { repo, facts, lexical, semantic: () => semantic },
    indexer,
    worker,
    http,
    monitor,
    ready: Promise.all([lexicalLoad, semanticReady]).then(() => undefined),
    vectors: () => semantic?.index,
    model: () => sync?.model,
    countVectorsPending: () => embedding.count(),
    stop: async () => {
      stopped = true;
      await lexicalLoad;
      clearInterval(timer);
      embedding.stop();
      await worker.close();
      await embedWorker?.close();
      for (const server of [http, monitor])
        await new Promise<void>((resolve) => server.close(() => resolve()));
      await feed.close();
      await semantic?.index.close();
      await closeProvider();
    },
  };
}
