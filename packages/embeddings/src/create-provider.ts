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
 * The configured embedding provider, batching concurrent calls; undefined for `none` (keyword
 * mode). `observe` hears of every batch embedded (for the throughput metrics).
 */
export async function createProvider(
  settings: ProviderSettings,
  observe?: BatchObserver,
): Promise<EmbeddingProvider | undefined> {
  const inner = await createInner(settings);
  return inner && new BatchingProvider(inner, settings.EMBEDDING_BATCH_SIZE, observe);
}

async function createInner(settings: ProviderSettings): Promise<EmbeddingProvider | undefined> {
  switch (settings.EMBEDDING_PROVIDER) {
    case "none":
      return undefined;
    case "local":
      return loadLocalProvider(settings.EMBEDDING_THREADS, settings.EMBEDDING_BATCH_SIZE);
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
