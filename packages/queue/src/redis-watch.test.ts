import { clearQueuePrefix, testQueuePrefix, testRedisUrl } from "@catalog/testing";
import { Redis } from "ioredis";
import { redisKeys } from "./keys.js";
import { MARKERS, RedisWatch, type RedisChange } from "./redis-watch.js";

describe("RedisWatch (real Redis)", () => {
  let prefix: string;
  let redis: Redis;
  let watch: RedisWatch;
  let changes: RedisChange[];
  let policies: (string | null)[];
  const markers = async () => redis.keys(`${redisKeys(prefix).alive("test", "*")}`);
  const until = async (condition: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 25));
  };

  beforeEach(async () => {
    prefix = testQueuePrefix();
    redis = new Redis(testRedisUrl());
    changes = [];
    policies = [];
    watch = new RedisWatch(
      redis,
      prefix,
      "test",
      (c) => changes.push(c),
      60_000,
      (p) => policies.push(p),
    );
    watch.start();
    await until(async () => (await markers()).length === MARKERS && policies.length === 1);
  });
  afterEach(async () => {
    watch.stop();
    redis.disconnect();
    await clearQueuePrefix(testRedisUrl(), prefix);
  });

  it("keeps markers of its own with a long expiry, says nothing while they stay, and reads the eviction policy", async () => {
    const [marker] = await markers();
    expect(await redis.ttl(marker!)).toBeGreaterThan(3600);
    await watch.check(false);
    expect(changes).toEqual([]);
    const [, policy] = (await redis.config("GET", "maxmemory-policy")) as [string, string];
    expect(policies).toEqual([policy]);
  });

  it("tells a Redis that lost one marker of many (keys evicted one by one), at each check that finds one gone", async () => {
    const all = await markers();
    await redis.del(all[3]!);
    await watch.check(false);
    expect(changes).toEqual(["lost"]);
    await watch.check(false);
    expect(changes).toEqual(["lost"]); // rewritten: nothing more was lost
    await redis.del(all[9]!);
    await watch.check(false);
    expect(changes).toEqual(["lost", "lost"]);
  });

  it("tells a Redis that lost the marker, once, then watches the new one", async () => {
    await redis.del(...(await markers()));
    await watch.check(false);
    expect(changes).toEqual(["lost"]);
    await watch.check(false);
    expect(changes).toEqual(["lost"]);
    expect(await markers()).toHaveLength(MARKERS);
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
