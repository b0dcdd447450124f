import type { Config } from "@catalog/config";
import { listenToChanges } from "@catalog/queue";
import { weakEtag } from "../http/conditional.js";
import { ReadCache } from "./read-cache.js";

export { ReadCache } from "./read-cache.js";

/**
 * This replica's read cache, listening to the writers' change announcements and to the search
 * index's (kept search answers depend on it): the cache keeps nothing until it hears both, and
 * nothing at all with READ_CACHE_MAX_BYTES=0.
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
  // Kept only while both channels are heard: a missed index change would leave a stale answer.
  const heard = { catalogChanged: false, searchChanged: false };
  const listeners = (["catalogChanged", "searchChanged"] as const).map((channel) =>
    listenToChanges(
      config.REDIS_URL,
      config.QUEUE_PREFIX,
      {
        changed:
          channel === "catalogChanged" ? (change) => cache.changed(change) : () => cache.searchChanged(),
        reset: (listening) => {
          heard[channel] = listening;
          cache.reset(heard.catalogChanged && heard.searchChanged);
        },
      },
      channel,
    ),
  );
  return { cache, close: async () => void (await Promise.all(listeners.map((l) => l.close()))) };
}
