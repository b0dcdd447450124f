import type { Redis } from "ioredis";

/**
 * The Lua scripts the services run on Redis, each an atomic step on keys built by `redisKeys`
 * (keys.ts). One place for all of them, so that what Redis runs can be read and tested together.
 */

/**
 * Counts one in each counter unless any has reached its limit (ARGV[i] for KEYS[i]); each
 * counted key lives ARGV[#KEYS + 1] seconds. Returns 0, or the 1-based index of the first full one.
 */
const CONSUME_ALL = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') >= tonumber(ARGV[i]) then return i end
end
for i = 1, #KEYS do
  redis.call('INCR', KEYS[i])
  redis.call('EXPIRE', KEYS[i], ARGV[#KEYS + 1])
end
return 0`;

/** Takes one back from each counter (never below zero, never recreating a lapsed key). */
const REFUND_ALL = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 0`;

/** Deletes a key only while it still holds the value: a later claim by another request is left alone. */
const DELETE_IF_EQUALS = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Removes each member of a sorted set whose score is still the one read (nothing counted since). */
const REMOVE_UNCHANGED = `
local removed = 0
for i = 1, #ARGV, 2 do
  if redis.call('zscore', KEYS[1], ARGV[i]) == ARGV[i + 1] then
    removed = removed + redis.call('zrem', KEYS[1], ARGV[i])
  end
end
return removed`;

/**
 * Counts one in every counter, or in none when one is full, in one atomic step (a check refused
 * for its host does not use up the caller's own allowance): 0 when counted, else the 1-based
 * index of the first counter at its limit.
 */
export async function consumeAll(
  redis: Redis,
  counters: readonly { key: string; limit: number }[],
  ttlSeconds: number,
): Promise<number> {
  const keys = counters.map((c) => c.key);
  return (await redis.eval(
    CONSUME_ALL,
    keys.length,
    ...keys,
    ...counters.map((c) => c.limit),
    ttlSeconds,
  )) as number;
}

/** Gives back one of each counter that `consumeAll` counted. */
export async function refundAll(redis: Redis, keys: readonly string[]): Promise<void> {
  if (keys.length) await redis.eval(REFUND_ALL, keys.length, ...keys);
}

/** Deletes `key` if it still holds `value`; whether it did. */
export async function deleteIfEquals(redis: Redis, key: string, value: string): Promise<boolean> {
  return ((await redis.eval(DELETE_IF_EQUALS, 1, key, value)) as number) === 1;
}

/**
 * Removes the members of a sorted set whose scores are still those given (`[member, score]`
 * pairs as ZRANGE WITHSCORES returns them); how many it removed.
 */
export async function removeUnchanged(
  redis: Redis,
  key: string,
  memberScores: readonly [string, string][],
): Promise<number> {
  if (!memberScores.length) return 0;
  return (await redis.eval(REMOVE_UNCHANGED, 1, key, ...memberScores.flat())) as number;
}
