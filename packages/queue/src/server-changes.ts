import { Redis } from "ioredis";
import { redisKeys } from "./keys.js";

/**
 * Which servers' read model changed, announced by the writers (the catalog after each write it
 * commits, the gateway after a blocklist edit) to every gateway replica, whose read caches drop
 * what depends on them. A change names one server, `<namespace>/*`, or `*` (everything).
 */
export type ServerChange = string;

/** Whether a cached read of `server` depends on `change`. */
export function changeTouches(change: ServerChange, server: string): boolean {
  if (change === "*" || change === server) return true;
  return change.endsWith("/*") && server.startsWith(change.slice(0, -1));
}

/** The channels changes are announced on: servers' read models, the search index, revoked API keys. */
export type ChangeChannel = "catalogChanged" | "searchChanged" | "keysRevoked";

/** Announces changes on a connection the caller owns (its errors reach the caller: a job retries). */
export async function announceChanges(
  redis: Redis,
  prefix: string,
  changes: readonly ServerChange[],
  on: ChangeChannel = "catalogChanged",
) {
  const channel = redisKeys(prefix)[on];
  for (const change of new Set(changes)) await redis.publish(channel, change);
}

export type ChangeListener = {
  /** A change arrived. */
  changed: (change: ServerChange) => void;
  /**
   * Changes may have been missed (the subscription is new, or was lost and is back): whatever was
   * read before may be stale. `listening` says whether changes are being received now.
   */
  reset: (listening: boolean) => void;
};

/**
 * Listens to the changes on a connection of its own (a subscribed connection can do nothing
 * else), without waiting for Redis: the listener hears `reset(true)` once subscribed, `reset(false)`
 * as soon as the connection drops (pub/sub delivers nothing meanwhile), `reset(true)` again once
 * ioredis has reconnected and subscribed again by itself.
 */
export function listenToChanges(
  redisUrl: string,
  prefix: string,
  listener: ChangeListener,
  on: ChangeChannel = "catalogChanged",
): { close: () => Promise<void> } {
  const channel = redisKeys(prefix)[on];
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  let subscribed = false;
  subscriber.on("error", () => undefined);
  subscriber.on("message", (_channel: string, message: string) => listener.changed(message));
  subscriber.on("close", () => listener.reset(false));
  subscriber.on("ready", () => {
    if (subscribed) return listener.reset(true);
    subscriber.subscribe(channel).then(
      () => {
        subscribed = true;
        listener.reset(true);
      },
      () => undefined, // the connection dropped again; the next ready retries
    );
  });
  return { close: async () => void (await subscriber.quit().catch(() => subscriber.disconnect())) };
}
