/**
 * What a search derives from its query text alone (the query's vector, its lexemes), kept for
 * the most recent queries: popular intents repeat, and each derivation costs a model call or a
 * database round trip. Keys are the text as the derivations read it (trimmed, lower case, single
 * spaces); a failed derivation is forgotten so the next search tries again.
 */
export class QueryCache<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly capacity = 10_000) {}

  get(query: string, derive: (key: string) => Promise<T>): Promise<T> {
    const key = query.trim().toLowerCase().replace(/\s+/g, " ");
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last: Map keeps insertion order, so the first key is the eviction.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = derive(key);
    pending.catch(() => this.entries.delete(key));
    this.entries.set(key, pending);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return pending;
  }
}
