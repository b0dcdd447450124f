import { clearQueuePrefix, testQueuePrefix, testRedisUrl } from "@catalog/testing";
import { Redis } from "ioredis";
import { redisKeys } from "./keys.js";
import { RedisWatch, type RedisChange } from "./redis-watch.js";

describe("RedisWatch (real Redis)", () => {
  let prefix: string;
  let redis: Redis;
  let watch: RedisWatch;
  let changes: RedisChange[];
  const markers = async () => redis.keys(`${redisKeys(prefix).alive("test", "*")}`);
  const until = async (condition: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 25));
  };

  beforeEach(async () => {
    prefix = testQueuePrefix();
    redis = new Redis(testRedisUrl());
    changes = [];
    watch = new RedisWatch(redis, prefix, "test", (c) => changes.push(c), 60_000);
    watch.start();
    await until(async () => (await markers()).length === 1);
  });
  afterEach(async () => {
    watch.stop();
    redis.disconnect();
    await clearQueuePrefix(testRedisUrl(), prefix);
  });

  it("keeps a marker of its own with a long expiry, and says nothing while it stays", async () => {
    const [marker] = await markers();
    expect(await redis.ttl(marker!)).toBeGreaterThan(3600);
    await watch.check(false);
    expect(changes).toEqual([]);
  });

  it("tells a Redis that lost the marker, once, then watches the new one", async () => {
    await redis.del(...(await markers()));
    await watch.check(false);
    expect(changes).toEqual(["lost"]);
    await watch.check(false);
    expect(changes).toEqual(["lost"]);
    expect(await markers()).toHaveLength(1);
  });

  it("tells a reconnection, and a loss found on reconnecting as a loss", async () => {
    redis.disconnect(true);
    await until(() => changes.length === 1);
    expect(changes).toEqual(["reconnected"]);
    await redis.del(...(await markers()));
    redis.disconnect(true);
    await until(() => changes.length === 2);
    expect(changes).toEqual(["reconnected", "lost"]);
  });
});
