import type { Config } from "@catalog/config";
import { BatchingProvider } from "./batching.provider.js";
import { loadLocalProvider } from "./local-threads.provider.js";
import { OpenAIEmbeddingProvider } from "./openai.provider.js";
import type { BatchObserver, EmbeddingProvider } from "./provider.js";

export type ProviderSettings = Pick<
  Config,
  | "EMBEDDING_PROVIDER"
  | "EMBEDDING_BASE_URL"
  | "EMBEDDING_API_KEY"
  | "EMBEDDING_MODEL"
  | "EMBEDDING_DIMENSIONS"
  | "EMBEDDING_BATCH_SIZE"
  | "EMBEDDING_TIMEOUT_MS"
  | "EMBEDDING_THREADS"
>;

/**
 * Texts per call of the local model at most. USE-lite's cost per text does not fall with the
 * batch (18 to 27 ms a text at 1, 16 and 64: docs/benchmarks.md), while a query waits behind the
 * batch each thread is embedding: small batches keep that wait under SEARCH_VECTOR_WAIT_MS while
 * the catalog is being embedded, and spread a few dozen texts over every thread.
 */
const LOCAL_BATCH_MAX = 8;

/**
 * The configured embedding provider, batching concurrent calls; undefined for `none` (keyword
 * mode). `observe` hears of every batch embedded (for the throughput metrics).
 */
export async function createProvider(
  settings: ProviderSettings,
  observe?: BatchObserver,
): Promise<EmbeddingProvider | undefined> {
  const batch = batchSize(settings);
  const inner = await createInner(settings, batch);
  return inner && new BatchingProvider(inner, batch, observe);
}

function batchSize(settings: ProviderSettings): number {
  return settings.EMBEDDING_PROVIDER === "local"
    ? Math.min(settings.EMBEDDING_BATCH_SIZE, LOCAL_BATCH_MAX)
    : settings.EMBEDDING_BATCH_SIZE;
}

async function createInner(
  settings: ProviderSettings,
  batch: number,
): Promise<EmbeddingProvider | undefined> {
  switch (settings.EMBEDDING_PROVIDER) {
    case "none":
      return undefined;
    case "local":
      return loadLocalProvider(settings.EMBEDDING_THREADS, batch);
    case "openai":
      return OpenAIEmbeddingProvider.connect({
        baseURL: settings.EMBEDDING_BASE_URL,
        apiKey: settings.EMBEDDING_API_KEY,
        model: settings.EMBEDDING_MODEL,
        dimensions: settings.EMBEDDING_DIMENSIONS,
        batchSize: settings.EMBEDDING_BATCH_SIZE,
        timeoutMs: settings.EMBEDDING_TIMEOUT_MS,
      });
  }
}
