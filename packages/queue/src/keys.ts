import { createHash } from "node:crypto";

/** The rate limiters whose counters live in Redis (rate-limiter-flexible appends `:<subject>`). */
export type LimiterName = "ip" | "account" | "day" | "admin-token";

/** The counters of the hourly check allowance (see the gateway's checks/allowance.ts). */
export type AllowanceCounter = "you" | "host-share" | "host" | "global";

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

/**
 * Every Redis key and pub/sub channel the services build beside BullMQ's own, under the
 * deployment's queue prefix (BullMQ puts its queues under the same prefix, so `<prefix>:*` is
 * all the catalog keeps in Redis). Every replica, and data already in Redis, depends on these
 * exact strings: keys.test.ts pins each format, and a change to one is a migration.
 */
export function redisKeys(prefix: string) {
  return {
    /** A SCAN pattern matching every key of the deployment (tests clear a prefix with it). */
    everything: `${prefix}:*`,
    /** Key prefix of a rate limiter (gateway request limits and the admin-token throttle). */
    limiter: (name: LimiterName) => `${prefix}:limits:${name}`,
    /** An hourly check-allowance counter; `hour` is hours since the epoch. */
    checkAllowance: (hour: number, counter: AllowanceCounter, id: string) =>
      `${prefix}:check-allowance:${hour}:${counter}:${id}`,
    /** Claim of a URL by the check that runs it, so repeats within the window share it. */
    checkClaim: (normalizedUrl: string) => `${prefix}:check-recent:${sha256(normalizedUrl)}`,
    /** An account's running usage totals of a UTC day (a hash: operation to count). */
    usageTotals: (accountId: string, day: string) => `${prefix}:usage:${accountId}:${day}`,
    /** Usage totals not yet copied to PostgreSQL. */
    usageDirty: `${prefix}:usage:dirty`,
    /** API keys used since the last flush, with when. */
    usageKeyUse: `${prefix}:usage:key-use`,
    /** Pub/sub channel on which writers announce servers whose read model changed (gateway caches). */
    catalogChanged: `${prefix}:catalog:changed`,
    /** Pub/sub channel on which a gateway announces a revoked API key's id to every replica. */
    keysRevoked: `${prefix}:keys:revoked`,
    /** Pub/sub channel on which search replicas announce changed servers. */
    searchChanged: `${prefix}:search:changed`,
    /** The ingest mirror's queue fence (see the ingest service's mirror/fence.ts). */
    mirrorFence: `${prefix}:ingest:mirror-fence`,
    /** The prober fleet's concurrency semaphore of a target host (host and port). */
    probeHost: (host: string) => `${prefix}:probe-host:${host}`,
    /**
     * A process's marker that Redis still holds what it wrote (see redis-watch.ts): gone while
     * the process runs, Redis came back without this deployment's data.
     */
    alive: (service: string, instance: string) => `${prefix}:alive:${service}:${instance}`,
  } as const;
}

export type RedisKeys = ReturnType<typeof redisKeys>;
