import type { Server } from "node:http";
import type { Config } from "@catalog/config";
import { SearchIndexStateRepository, SearchRepository, type Database } from "@catalog/db";
import type { Logger, Metrics } from "@catalog/observability";
import { logWorkerEvents, type JobBus } from "@catalog/queue";
import type { EmbeddingProvider, ProviderSettings } from "@catalog/embeddings";
import { DEFAULT_EXPANSION } from "@catalog/lexical";
import { JobBatcher } from "./indexing/job-batcher.js";
import { IndexService, type IndexOutcome } from "./indexing/index.service.js";
import { LexicalSync } from "./indexing/lexical-sync.js";
import type { VectorSync } from "./indexing/vector-sync.js";
import { startEmbedWorker } from "./indexing/embed-worker.js";
import { EmbedProgress } from "./indexing/embed-progress.js";
import { ChangeFeed } from "./live/change-feed.js";
import { ReplicaRefresh } from "./live/replica-refresh.js";
import { owedVectors, queueEmbeddings } from "./owed/vectors.owed.js";
import { FactsCache } from "./query/facts-cache.js";
import { loadAssociations } from "./query/associations-file.js";
import { loadEncoder } from "./query/encoder-file.js";
import { SearchEngine, type EngineOptions, type Semantic } from "./query/search.engine.js";
import { KeywordLoader } from "./startup/keyword-loader.js";
import { SemanticLoader } from "./startup/semantic-loader.js";
import { startSearchServers } from "./startup/servers.js";
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
  // The encoder trained here adds its lists beside the embedding model's, and stands in for it
  // when there is none (docs/search.md, "A model trained here").
  const lexical = new LexicalSync(repo, undefined, {
    encoder: loadEncoder(),
    exactMax: config.VECTOR_EXACT_MAX,
  });
  const progress = new EmbedProgress(repo, log, metrics);
  const semantic = new SemanticLoader({
    config,
    repo,
    log,
    metrics,
    embeddings,
    onLoaded: onSemantic,
  });
  const engine = new SearchEngine(repo, facts, lexical, () => semantic.semantic, engineOptions(config));
  const replica = new ReplicaRefresh({ lexical, facts, engine, semantic, feed, log });
  await feed.subscribe((name) => replica.follow(name));
  const keyword = new KeywordLoader(lexical, log, () => {
    engine.invalidate();
    replica.announceEverything();
  });
  const { http, monitor } = await startSearchServers({
    ports: { api: config.SEARCH_PORT, metrics: config.SEARCH_METRICS_PORT },
    db,
    bus,
    engine,
    metrics,
    keywordReady: () => keyword.ready,
    vectors: () => semantic.semantic?.index.description ?? null,
    about: () => ({ ...details(), vectors_pending: progress.pending }),
  });
  const indexer = new IndexService(
    repo,
    new SearchIndexStateRepository(db.prisma),
    () => semantic.sync,
    async (names) => {
      await replica.refresh(names);
      await feed.publish(names);
    },
    async (owed) => void (await queueEmbeddings(bus, owed)),
  );
  const worker = startIndexWorker(bus, log, config, indexer);
  replica.refreshFactsEvery(config.SEARCH_FACTS_REFRESH_MS);
  // Meaning filled in behind keyword search: embed jobs, consumed once the model is loaded.
  const vectorsOwed = owedVectors(repo, bus, () => semantic.sync?.model);
  let embedWorker: ReturnType<JobBus["worker"]> | undefined;
  const semanticLoaded = semantic.start();

  /** The model and vectors are loaded: embed what is owed from now on, and the texts owed already. */
  async function onSemantic(sync: VectorSync): Promise<number> {
    engine.invalidate(); // keyword-mode candidates lack the semantic lists
    replica.announceEverything();
    embedWorker = startEmbedWorker({
      bus,
      log,
      indexer,
      progress,
      lockMs: config.WORKER_LOCK_MS,
      onEmbedded: async (names) => {
        engine.invalidate();
        await feed.publish(names);
      },
    });
    progress.start(sync.model, VECTORS_COUNT_MS);
    // Texts written while no model was loaded (a first start, a model change): owed at once.
    return vectorsOwed.queue("start");
  }

  return {
    engine,
    parts: { repo, facts, lexical, semantic: () => semantic.semantic },
    indexer,
    worker,
    http,
    monitor,
    ready: Promise.all([keyword.loaded, semanticLoaded]).then(() => undefined),
    vectors: () => semantic.semantic?.index,
    model: () => semantic.sync?.model,
    countVectorsPending: () => progress.count(),
    stop: async () => {
      semantic.stop();
      await keyword.stop();
      replica.stop();
      progress.stop();
      await worker.close();
      await embedWorker?.close();
      for (const server of [http, monitor])
        await new Promise<void>((resolve) => server.close(() => resolve()));
      await feed.close();
      await semantic.close();
    },
  };
}

/** Index jobs, batched: a batch of servers costs a few statements whatever its size. */
function startIndexWorker(
  bus: JobBus,
  log: Logger,
  config: SearchConfig,
  indexer: IndexService,
): ReturnType<JobBus["worker"]> {
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
  return worker;
}
