/**
 * What a search derives from its query text alone (the query's vector, its lexemes, its
 * candidate lists), kept for the most recent queries: popular intents repeat, and each
 * derivation costs a model call or database round trips. Keys are the text as the derivations
 * read it (trimmed, lower case, single spaces), within a scope (say, a set of retrievers); a
 * failed derivation is forgotten so the next search tries again, and `clear` forgets everything
 * when what the derivations read has changed.
 */
export class QueryCache<T> {
  private readonly entries = new Map<string, Promise<T>>();

  /** A capacity of 0 keeps nothing: every call derives. */
  constructor(private readonly capacity = 10_000) {}

  /** `keep` says whether a derived value may be kept (a partial one is derived again next time). */
  get(
    query: string,
    derive: (text: string) => Promise<T>,
    scope = "",
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    const text = query.trim().toLowerCase().replace(/\s+/g, " ");
    if (this.capacity === 0) return derive(text);
    const key = `${scope}\n${text}`;
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last: Map keeps insertion order, so the first key is the eviction.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = derive(text);
    const forget = () => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    };
    pending.then((value) => keep(value) || forget(), forget);
    this.entries.set(key, pending);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return pending;
  }

  /** Forgets every entry; derivations under way still answer their callers but are not kept. */
  clear(): void {
    this.entries.clear();
  }
}
