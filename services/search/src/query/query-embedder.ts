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

  /**
   * The query's vector if it comes within `ms`, else undefined. Past the wait, a text the model
   * has not started is dropped (under a stream of new queries a busy model would otherwise spend
   * itself on vectors nobody waits for); one it has started is kept for the next search of that
   * text. A failed embedding is undefined too: the search answers by keyword.
   */
  within(query: string, ms: number): Promise<Float32Array | undefined> {
    if (!Number.isFinite(ms)) return this.embed(query).catch(() => undefined);
    const wanted = new AbortController();
    const vector = this.cache
      .get(query, (key) =>
        this.provider.embed([key], { urgent: true, signal: wanted.signal }).then(([v]) => v!),
      )
      .catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        wanted.abort();
        resolve(undefined);
      }, ms);
    });
    return Promise.race([vector, late]).finally(() => clearTimeout(timer));
  }
}
