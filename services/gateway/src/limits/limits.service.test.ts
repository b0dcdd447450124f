import { Redis } from "ioredis";
import { LimitsService } from "./limits.service.js";

describe("limits while Redis is not connected", () => {
  // Never connected: rate-limiter-flexible sees it is not ready and uses the in-memory insurance.
  const redis = new Redis("redis://127.0.0.1:1", { lazyConnect: true, enableOfflineQueue: false });
  afterAll(() => redis.disconnect());
  const settings = { anonymousPerWindow: 2, accountPerWindow: 3, windowSeconds: 60, dailyQuota: 2 };
  const now = new Date("2026-03-01T23:59:00Z");

  it("still limits, per replica, instead of failing requests", async () => {
    const limits = new LimitsService(redis, "test", settings, () => now);
    const verdicts = [];
    for (let i = 0; i < 3; i++) verdicts.push(await limits.consumeAnonymous("192.0.2.1"));
    expect(verdicts.map((v) => v.refused?.error ?? "ok")).toEqual(["ok", "ok", "rate_limited"]);
    expect(verdicts[1]!.window).toMatchObject({ limit: 2, remaining: 0 });
  });

  it("keeps the daily quota arithmetic", async () => {
    const limits = new LimitsService(redis, "test", settings, () => now);
    await limits.consumeAccount("a");
    const second = await limits.consumeAccount("a");
    expect(second.quota).toMatchObject({ limit: 2, used: 2, remaining: 0, resetSeconds: 60 });
    const third = await limits.consumeAccount("a");
    expect(third.refused).toEqual({ error: "daily_quota_exceeded", retryAfter: 60 });
  });
});
