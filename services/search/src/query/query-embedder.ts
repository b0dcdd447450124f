import type { EmbeddingProvider } from "@catalog/embeddings";

/**
 * Query vectors with a bounded LRU cache: popular intents repeat, and embedding a query is the
 * most expensive step of a search on the local model.
 */
export class QueryEmbedder {
  private readonly cache = new Map<string, Promise<Float32Array>>();

  constructor(
    private readonly provider: EmbeddingProvider,
    private readonly capacity = 10_000,
  ) {}

  embed(query: string): Promise<Float32Array> {
    const key = query.trim().toLowerCase().replace(/\s+/g, " ");
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const pending = this.provider.embed([key], { urgent: true }).then(([v]) => v!);
    pending.catch(() => this.cache.delete(key));
    this.cache.set(key, pending);
    if (this.cache.size > this.capacity) this.cache.delete(this.cache.keys().next().value!);
    return pending;
  }
}
