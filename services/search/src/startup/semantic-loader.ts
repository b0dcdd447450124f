import { createProvider, type EmbeddingProvider } from "@catalog/embeddings";
import type { SearchRepository } from "@catalog/db";
import { embeddingObserver, type Logger, type Metrics } from "@catalog/observability";
import { VectorSync } from "../indexing/vector-sync.js";
import { QueryEmbedder } from "../query/query-embedder.js";
import type { Semantic } from "../query/search.engine.js";
import { MemoryVectorIndex } from "../vectors/memory.index.js";
import { QdrantVectorIndex } from "../vectors/qdrant.index.js";
import type { VectorIndex } from "../vectors/vector-index.js";
import type { SearchConfig } from "../search.js";

/** Delay before retrying a provider or vector store that failed to start. */
const RETRY_MS = 30_000;

export type SemanticLoaderDeps = {
  config: SearchConfig;
  repo: SearchRepository;
  log: Logger;
  metrics?: Metrics;
  /** A provider to use instead of the configured one (benchmarks); it must be batching already. */
  embeddings?: EmbeddingProvider;
  /**
   * The model and the stored vectors are loaded and searches use them: start what follows from
   * that (the embed worker, the texts owed). Returns how many servers were owed their vectors.
   */
  onLoaded: (sync: VectorSync) => Promise<number>;
};

/**
 * Loads the embedding model and the vector index with every stored vector, in the background,
 * retrying while either fails; until then (and with `EMBEDDING_PROVIDER=none`) search answers by
 * keyword. `sync` is set as soon as the index exists, so index jobs place stored vectors and owe
 * the missing ones while the rest loads.
 */
export class SemanticLoader {
  sync: VectorSync | undefined;
  semantic: Semantic | undefined;
  private loading: Promise<void> | undefined;
  private stopped = false;
  private closeProvider = (): Promise<void> => Promise.resolve();

  constructor(private readonly deps: SemanticLoaderDeps) {}

  /** Resolves once loaded (at once for `none`, or when stopped first). */
  start(): Promise<void> {
    this.loading ??= this.retryUntilLoaded();
    return this.loading;
  }

  /** No further attempt to load; one under way gives up at its next step. */
  stop(): void {
    this.stopped = true;
  }

  /** Closes the vector index and the model (after the searches that use them have ended). */
  async close(): Promise<void> {
    await this.semantic?.index.close();
    await this.closeProvider();
  }

  private async retryUntilLoaded(): Promise<void> {
    while (!this.stopped) {
      try {
        return await this.load();
      } catch (err) {
        this.sync = undefined;
        await this.closeProvider().catch(() => undefined);
        this.deps.log.error(
          { err: (err as Error).message },
          "semantic search unavailable; answering in keyword mode",
        );
        await new Promise((r) => setTimeout(r, RETRY_MS).unref());
      }
    }
  }

  private async load(): Promise<void> {
    const { config, metrics, log } = this.deps;
    const started = Date.now();
    const provider =
      this.deps.embeddings ??
      (await createProvider(config, metrics && embeddingObserver(metrics, config.EMBEDDING_PROVIDER)));
    if (!provider) return;
    if (this.stopped) {
      await provider.close?.();
      return;
    }
    this.closeProvider = () => provider.close?.() ?? Promise.resolve();
    const index = await this.vectorIndex(provider);
    const sync = new VectorSync(this.deps.repo, provider, index, config.QDRANT_URL !== undefined);
    this.sync = sync;
    const loaded = await sync.loadAll();
    if (this.stopped) return;
    index.loaded?.();
    this.semantic = { embedder: new QueryEmbedder(provider), index };
    const owed = await this.deps.onLoaded(sync);
    log.info(
      { model: provider.model, vectors: index.description, loaded, owed, ms: Date.now() - started },
      "semantic search ready",
    );
  }

  /** Qdrant where it is configured (shared by the replicas), else vectors in this process. */
  private async vectorIndex(provider: EmbeddingProvider): Promise<VectorIndex> {
    const { config, log } = this.deps;
    return config.QDRANT_URL
      ? QdrantVectorIndex.open(
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
  }
}
