import { changeTouches, type ServerChange } from "@catalog/queue";
import { LRUCache } from "lru-cache";

/**
 * A rendered JSON body and its weak ETag, as the gateway sends it: encoded once, sent many
 * times, and only encoded (the text is not kept beside it: half the memory, one allocation).
 */
export type CachedBody = { etag: string; bytes: Buffer };

type Entry = CachedBody & { server: string | null };

/**
 * How a request for a URL was answered from a kept body: the body's key, the route (metrics)
 * and the response's headers but those of the body (ETag, length) and of the request (its id),
 * as flat name/value lists for a 200 and for a 304 (no content type).
 */
export type KeptAnswer = { key: string; route: string; headers: string[]; notModified: string[] };

/**
 * An answer made from a kept body (an MCP tool call's result, say): the body's key and ETag (the
 * answer holds what was made of that body, so another body is a miss), the answer's own text and
 * the response's headers but its length and request id.
 */
export type DerivedAnswer = { key: string; etag: string; text: string; headers: string[] };

export type ReadCacheOptions = {
  /** Bytes the bodies may take in all (the text, its UTF-16 length counted twice, and its encoding). */
  maxBytes: number;
  /** Longest an entry is kept: a bound on staleness should a change announcement be lost. */
  ttlMs: number;
  /** The app's ETag of a body (Express's weak ETag). */
  etag: (text: string) => string;
};

/**
 * Rendered read bodies of this replica (descriptors, tool pages, connections, /v0.1 pages),
 * keyed by request and tagged with the server they depend on (null: any server, as list pages
 * do). The writers announce each changed server on Redis (`@catalog/queue` server-changes);
 * a change drops what it touches. While the announcements cannot be heard (Redis away) nothing
 * is served from or kept in the cache, and what was kept is dropped.
 */
export class ReadCache {
  private readonly entries: LRUCache<string, Entry>;
  /** Answers by URL; one whose body is gone is a miss. */
  private readonly answers: LRUCache<string, KeptAnswer>;
  /** Derived answers by their requester's signature; one whose body is gone or changed is a miss. */
  private readonly derivedAnswers: LRUCache<string, DerivedAnswer>;
  /** Keys per server, and the keys of reads that depend on every server. */
  private readonly byServer = new Map<string, Set<string>>();
  private readonly anyServer = new Set<string>();
  private listening = false;
  /** Moves on every change: a read that began before one is not kept. */
  private generation = 0;

  constructor(private readonly options: ReadCacheOptions) {
    this.entries = new LRUCache<string, Entry>({
      // Shares of the one budget: bodies 5/8, answers by URL 1/8, derived answers 1/4.
      maxSize: Math.max(1, Math.floor((options.maxBytes * 5) / 8)),
      sizeCalculation: (entry, key) => 2 * (key.length + entry.etag.length) + entry.bytes.length + 200,
      ttl: options.ttlMs,
      dispose: (entry, key) => this.unindex(key, entry.server),
    });
    const textSize = (...parts: (string | string[])[]) => 2 * parts.flat().join("").length + 200;
    this.answers = new LRUCache<string, KeptAnswer>({
      maxSize: Math.max(1, Math.floor(options.maxBytes / 8)),
      sizeCalculation: (a, url) => textSize(url, a.key, a.route, a.headers, a.notModified),
    });
    this.derivedAnswers = new LRUCache<string, DerivedAnswer>({
      maxSize: Math.max(1, Math.floor(options.maxBytes / 4)),
      sizeCalculation: (d, signature) => textSize(signature, d.key, d.etag, d.text, d.headers),
    });
  }

  /** A cache that keeps nothing (a process without the change announcements). */
  static disabled(etag: (text: string) => string): ReadCache {
    return new ReadCache({ maxBytes: 1, ttlMs: 1, etag });
  }

  get(key: string): CachedBody | undefined {
    return this.listening ? this.entries.get(key) : undefined;
  }

  /** The kept answer to a GET of this URL with its body, while both are kept. */
  answer(url: string): { answer: KeptAnswer; body: CachedBody } | undefined {
    const answer = this.answers.get(url);
    const body = answer && this.get(answer.key);
    return body && { answer, body };
  }

  rememberAnswer(url: string, answer: KeptAnswer): void {
    if (this.listening && this.entries.has(answer.key)) this.answers.set(url, answer);
  }

  /** The answer derived under this signature, while the body it came from is kept unchanged. */
  derived(signature: string): DerivedAnswer | undefined {
    const answer = this.derivedAnswers.get(signature);
    return answer && this.get(answer.key)?.etag === answer.etag ? answer : undefined;
  }

  rememberDerived(signature: string, answer: DerivedAnswer): void {
    if (this.get(answer.key)?.etag === answer.etag) this.derivedAnswers.set(signature, answer);
  }

  /** Taken before a read: `keep` stores its body only if no change arrived meanwhile. */
  ticket(): number {
    return this.generation;
  }

  /** The body with its ETag, kept for the next request when still current. */
  keep(ticket: number, key: string, server: string | null, text: string): CachedBody {
    const body = { etag: this.options.etag(text), bytes: Buffer.from(text) };
    if (this.listening && ticket === this.generation) {
      this.entries.set(key, { ...body, server });
      this.index(key, server);
    }
    return body;
  }

  /** A server's read model changed (a name, `<namespace>/*` or `*`). */
  changed(change: ServerChange): void {
    this.generation++;
    if (change === "*") return this.clear();
    for (const key of [...this.anyServer]) this.entries.delete(key);
    const servers = change.endsWith("/*")
      ? [...this.byServer.keys()].filter((server) => changeTouches(change, server))
      : [change];
    for (const server of servers)
      for (const key of [...(this.byServer.get(server) ?? [])]) this.entries.delete(key);
  }

  /**
   * The search index changed: the kept search answers (kept under no server: they depend on
   * every one) go; the reads of servers stay, their own changes are announced apart.
   */
  searchChanged(): void {
    this.generation++;
    for (const key of [...this.anyServer]) this.entries.delete(key);
  }

  /** Whether changes are heard; either way what was kept may have missed some, so it goes. */
  reset(listening: boolean): void {
    this.generation++;
    this.listening = listening;
    this.clear();
  }

  /** Whether changes are heard, so that bodies are kept. */
  get isListening(): boolean {
    return this.listening;
  }

  /** Bodies kept and the bytes counted for them, kept and derived answers included. */
  get stats(): { entries: number; bytes: number } {
    return {
      entries: this.entries.size,
      bytes: this.entries.calculatedSize + this.answers.calculatedSize + this.derivedAnswers.calculatedSize,
    };
  }

  private clear(): void {
    this.entries.clear();
    this.answers.clear();
    this.derivedAnswers.clear();
  }

  private index(key: string, server: string | null): void {
    if (server === null) this.anyServer.add(key);
    else {
      let keys = this.byServer.get(server);
      if (!keys) this.byServer.set(server, (keys = new Set()));
      keys.add(key);
    }
  }

  private unindex(key: string, server: string | null): void {
    if (server === null) return void this.anyServer.delete(key);
    const keys = this.byServer.get(server);
    keys?.delete(key);
    if (keys?.size === 0) this.byServer.delete(server);
  }
}
