import type { Config } from "@catalog/config";
import { listenToChanges } from "@catalog/queue";
import { weakEtag } from "../http/conditional.js";
import { ReadCache } from "./read-cache.js";

export { ReadCache, type CachedBody } from "./read-cache.js";

/**
 * This replica's read cache, listening to the writers' change announcements (the cache keeps
 * nothing until it hears them, and nothing at all with READ_CACHE_MAX_BYTES=0).
 */
export function startReadCache(
  config: Pick<Config, "REDIS_URL" | "QUEUE_PREFIX" | "READ_CACHE_MAX_BYTES" | "READ_CACHE_TTL_MS">,
): { cache: ReadCache; close: () => Promise<void> } {
  if (config.READ_CACHE_MAX_BYTES === 0)
    return { cache: ReadCache.disabled(weakEtag), close: async () => {} };
  const cache = new ReadCache({
    maxBytes: config.READ_CACHE_MAX_BYTES,
    ttlMs: config.READ_CACHE_TTL_MS,
    etag: weakEtag,
  });
  const listener = listenToChanges(config.REDIS_URL, config.QUEUE_PREFIX, {
    changed: (change) => cache.changed(change),
    reset: (listening) => cache.reset(listening),
  });
  return { cache, close: listener.close };
}
