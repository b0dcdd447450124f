import { clearQueuePrefix, testQueuePrefix, testRedisUrl } from "@catalog/testing";
import { DelayedError, type Job } from "bullmq";
import { Redis } from "ioredis";
import { HostSlots } from "./host-slots.js";

describe("HostSlots (real Redis)", () => {
  const redis = new Redis(testRedisUrl());
  let prefix: string;
  beforeEach(() => {
    prefix = testQueuePrefix();
  });
  afterEach(() => clearQueuePrefix(testRedisUrl(), prefix));
  afterAll(() => redis.disconnect());

  /** Only the one call HostSlots makes on a job: where it was sent back to. */
  function job(): { job: Job; delayedUntil: number[] } {
    const delayedUntil: number[] = [];
    const j = {
      moveToDelayed: (at: number) => {
        delayedUntil.push(at);
        return Promise.resolve();
      },
    } as unknown as Job;
    return { job: j, delayedUntil };
  }

  it("runs up to the limit per host at once, sends a job for a busy host back to the delayed set, and frees the slot after", async () => {
    const slots = new HostSlots(redis, prefix, 1, 10_000);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = job();
    const running = slots.run("a.example:443", first.job, "t1", () => held.then(() => "first"));
    await new Promise((r) => setTimeout(r, 50));

    const busy = job();
    const before = Date.now();
    await expect(
      slots.run("a.example:443", busy.job, "t2", () => Promise.resolve("no")),
    ).rejects.toBeInstanceOf(DelayedError);
    expect(busy.delayedUntil).toHaveLength(1);
    expect(busy.delayedUntil[0]).toBeGreaterThanOrEqual(before + 200);
    expect(busy.delayedUntil[0]).toBeLessThanOrEqual(Date.now() + 1000);

    const other = job();
    expect(await slots.run("b.example:443", other.job, "t3", () => Promise.resolve("other host"))).toBe(
      "other host",
    );

    release();
    expect(await running).toBe("first");
    const after = job();
    expect(await slots.run("a.example:443", after.job, "t4", () => Promise.resolve("freed"))).toBe("freed");
    expect(after.delayedUntil).toEqual([]);
  });

  it("frees the slot when the work fails", async () => {
    const slots = new HostSlots(redis, prefix, 1, 10_000);
    await expect(
      slots.run("a.example:443", job().job, "t1", () => Promise.reject(new Error("boom"))),
    ).rejects.toThrow("boom");
    expect(await slots.run("a.example:443", job().job, "t2", () => Promise.resolve("ok"))).toBe("ok");
  });
});
