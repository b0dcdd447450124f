import type { Config } from "@catalog/config";
import { listenToChanges } from "@catalog/queue";
import { LRUCache } from "lru-cache";
import type { ResolvedKey } from "./api-keys.service.js";

/**
 * Keys this replica resolved, by hash, so that a keyed request costs no database read. A
 * revocation is announced on Redis to every replica, which forgets the key at once; while the
 * announcements cannot be heard, nothing is kept and every key is looked up. Unknown keys are
 * never kept (a flood of made-up keys must not fill memory).
 */
export class KeyCache {
  private readonly keys: LRUCache<string, ResolvedKey>;
  private listening = false;
  private generation = 0;

  constructor(max = 10_000, ttlMs = 60_000) {
    this.keys = new LRUCache({ max, ttl: ttlMs });
  }

  get(hash: string): ResolvedKey | undefined {
    return this.listening ? this.keys.get(hash) : undefined;
  }

  ticket(): number {
    return this.generation;
  }

  /** Keeps a resolution unless a revocation arrived since the lookup began. */
  keep(ticket: number, hash: string, key: ResolvedKey): void {
    if (this.listening && ticket === this.generation) this.keys.set(hash, key);
  }

  /** A key was revoked (its id). */
  revoked(keyId: string): void {
    this.generation++;
    for (const [hash, key] of this.keys.entries()) if (key.id === keyId) this.keys.delete(hash);
  }

  reset(listening: boolean): void {
    this.generation++;
    this.listening = listening;
    this.keys.clear();
  }
}

/** This replica's key cache, listening to revocations. */
export function startKeyCache(config: Pick<Config, "REDIS_URL" | "QUEUE_PREFIX">): {
  cache: KeyCache;
  close: () => Promise<void>;
} {
  const cache = new KeyCache();
  const listener = listenToChanges(
    config.REDIS_URL,
    config.QUEUE_PREFIX,
    { changed: (keyId) => cache.revoked(keyId), reset: (listening) => cache.reset(listening) },
    "keysRevoked",
  );
  return { cache, close: listener.close };
}
