export { BatchingProvider } from "./batching.provider.js";
export { createProvider, type ProviderSettings } from "./create-provider.js";
export { LocalEmbeddingProvider } from "./local.provider.js";
export { OpenAIEmbeddingProvider } from "./openai.provider.js";
export { batches, normalize, type BatchObserver, type EmbeddingProvider } from "./provider.js";
export { loadLocalProvider, ThreadedLocalEmbeddingProvider } from "./local-threads.provider.js";
