import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { redisKeys } from "./keys.js";

/** What the watch tells: Redis answered again after it was away, or it came back without its data. */
export type RedisChange = "reconnected" | "lost";

/** A marker outlives any outage this long, and a dead process's marker goes after it. */
const MARKER_TTL_SECONDS = 86_400;
/**
 * Markers per process. One marker tells a Redis that lost everything; a Redis that loses keys one
 * by one (an eviction policy under memory pressure, a replica that had part of the data) is told
 * when it takes any of them, so the more there are the sooner, and a loss that goes on is told
 * again at each check that finds another gone.
 */
export const MARKERS = 16;
/** The eviction policy is read every this many checks (and at the first). */
const POLICY_EVERY = 12;

/**
 * Notices a Redis that came back without this deployment's data, or is losing it: a restart
 * without persistence, a failover to a replica that lagged, a FLUSHALL, keys evicted. Each
 * process keeps markers of its own and rewrites them every `everyMs` with SET ... GET, which
 * answers what was there: the process wrote them, so an empty answer means Redis lost one, and
 * with it whatever else it held. A reconnection of the connection is told too (the queues may
 * have missed what happened while it was away). One process's markers say nothing of another's,
 * so every process notices. It also reads Redis's `maxmemory-policy`: anything but `noeviction`
 * lets Redis drop queued work under memory pressure (BullMQ's own requirement).
 */
export class RedisWatch {
  private readonly keys: string[];
  private written = false;
  private away = false;
  private checks = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    service: string,
    private readonly onChange: (change: RedisChange) => void,
    private readonly everyMs = 5000,
    private readonly onPolicy: (policy: string | null) => void = () => undefined,
  ) {
    const instance = randomUUID();
    this.keys = Array.from({ length: MARKERS }, (_, i) =>
      redisKeys(prefix).alive(service, `${instance}.${i}`),
    );
  }

  /** Writes the markers and watches them; a Redis that is away now is told when it answers. */
  start(): void {
    this.redis.on("close", this.onClose);
    this.redis.on("ready", this.onReady);
    void this.check(false);
    this.timer = setInterval(() => void this.check(false), this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.redis.off("close", this.onClose);
    this.redis.off("ready", this.onReady);
  }

  private readonly onClose = () => {
    this.away = true;
  };

  private readonly onReady = () => {
    if (!this.away) return;
    this.away = false;
    void this.check(true);
  };

  /** Rewrites the markers; what was there says whether Redis kept them. Never throws. */
  async check(reconnected: boolean): Promise<void> {
    let previous: unknown[];
    try {
      const pipeline = this.redis.pipeline();
      for (const key of this.keys) pipeline.call("SET", key, "1", "EX", String(MARKER_TTL_SECONDS), "GET");
      previous = ((await pipeline.exec()) ?? []).map(([err, value]) => (err ? undefined : value));
    } catch {
      return; // away: the reconnection will tell
    }
    const lost = this.written && previous.some((value) => value === null);
    this.written = true;
    if (lost) this.onChange("lost");
    else if (reconnected) this.onChange("reconnected");
    if (this.checks++ % POLICY_EVERY === 0 || reconnected) this.onPolicy(await this.policy());
  }

  /** Redis's maxmemory-policy, from INFO (a managed Redis may refuse CONFIG); null when unread. */
  private async policy(): Promise<string | null> {
    try {
      const info = await this.redis.info("memory");
      return /^maxmemory_policy:([\w-]+)/m.exec(info)?.[1] ?? null;
    } catch {
      return null;
    }
  }
}
