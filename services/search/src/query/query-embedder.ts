import type { EmbeddingProvider } from "@catalog/embeddings";
import { QueryCache } from "./query-cache.js";

/** Query vectors, cached: embedding a query is the most expensive step of a search on the local model. */
export class QueryEmbedder {
  private readonly cache: QueryCache<Float32Array>;

  constructor(
    private readonly provider: EmbeddingProvider,
    capacity = 10_000,
  ) {
    this.cache = new QueryCache(capacity);
  }

  embed(query: string): Promise<Float32Array> {
    return this.cache.get(query, (key) => this.provider.embed([key], { urgent: true }).then(([v]) => v!));
  }
}
