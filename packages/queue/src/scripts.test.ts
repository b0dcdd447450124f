import { clearQueuePrefix, testQueuePrefix, testRedisUrl } from "@catalog/testing";
import { Redis } from "ioredis";
import { consumeAll, deleteIfEquals, refundAll, removeUnchanged } from "./scripts.js";

describe("Redis scripts (real Redis)", () => {
  const redis = new Redis(testRedisUrl());
  let prefix: string;
  beforeEach(() => {
    prefix = testQueuePrefix();
  });
  afterEach(() => clearQueuePrefix(testRedisUrl(), prefix));
  afterAll(() => redis.disconnect());

  it("counts in every counter, or in none when one is full, and says which", async () => {
    const a = { key: `${prefix}:a`, limit: 2 };
    const b = { key: `${prefix}:b`, limit: 1 };
    expect(await consumeAll(redis, [a, b], 60)).toBe(0);
    expect(await consumeAll(redis, [a, b], 60)).toBe(2);
    expect(await redis.mget(a.key, b.key)).toEqual(["1", "1"]);
    expect(await redis.ttl(a.key)).toBeGreaterThan(55);
    expect(await consumeAll(redis, [a], 60)).toBe(0);
    expect(await consumeAll(redis, [a], 60)).toBe(1);
  });

  it("refunds one of each counter, never below zero and never recreating a lapsed key", async () => {
    const a = { key: `${prefix}:a`, limit: 5 };
    await consumeAll(redis, [a], 60);
    await refundAll(redis, [a.key, `${prefix}:lapsed`]);
    await refundAll(redis, [a.key]);
    await refundAll(redis, []);
    expect(await redis.get(a.key)).toBe("0");
    expect(await redis.exists(`${prefix}:lapsed`)).toBe(0);
  });

  it("deletes a key only while it holds the value", async () => {
    const key = `${prefix}:claim`;
    await redis.set(key, "mine");
    expect(await deleteIfEquals(redis, key, "theirs")).toBe(false);
    expect(await redis.get(key)).toBe("mine");
    expect(await deleteIfEquals(redis, key, "mine")).toBe(true);
    expect(await redis.exists(key)).toBe(0);
  });

  it("removes only the members whose score did not change since they were read", async () => {
    const key = `${prefix}:dirty`;
    await redis.zadd(key, 1, "a", 2, "b");
    const read = await redis.zrange(key, 0, -1, "WITHSCORES");
    await redis.zincrby(key, 1, "b");
    const pairs: [string, string][] = [
      [read[0]!, read[1]!],
      [read[2]!, read[3]!],
    ];
    expect(await removeUnchanged(redis, key, pairs)).toBe(1);
    expect(await redis.zrange(key, 0, -1, "WITHSCORES")).toEqual(["b", "3"]);
    expect(await removeUnchanged(redis, key, [])).toBe(0);
  });
});
