import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { redisKeys } from "./keys.js";

/** What the watch tells: Redis answered again after it was away, or it came back without its data. */
export type RedisChange = "reconnected" | "lost";

/** A marker outlives any outage this long, and a dead process's marker goes after it. */
const MARKER_TTL_SECONDS = 86_400;

/**
 * Notices a Redis that came back without this deployment's data: a restart without
 * persistence, a failover to a replica that lagged, a FLUSHALL. Each process keeps a marker key
 * of its own and rewrites it every `everyMs` with SET ... GET, which answers what was there: the
 * process wrote it, so an empty answer means Redis lost it, and with it whatever else it held.
 * A reconnection of the connection is told too (the queues may have missed what happened while
 * it was away). One process's marker says nothing of another's, so every process notices.
 */
export class RedisWatch {
  private readonly key: string;
  private written = false;
  private away = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    service: string,
    private readonly onChange: (change: RedisChange) => void,
    private readonly everyMs = 5000,
  ) {
    this.key = redisKeys(prefix).alive(service, randomUUID());
  }

  /** Writes the marker and watches it; a Redis that is away now is told when it answers. */
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

  /** Rewrites the marker; what was there says whether Redis kept it. Never throws. */
  async check(reconnected: boolean): Promise<void> {
    let previous: unknown;
    try {
      previous = await this.redis.call("SET", this.key, "1", "EX", String(MARKER_TTL_SECONDS), "GET");
    } catch {
      return; // away: the reconnection will tell
    }
    const lost = this.written && previous === null;
    this.written = true;
    if (lost) this.onChange("lost");
    else if (reconnected) this.onChange("reconnected");
  }
}
