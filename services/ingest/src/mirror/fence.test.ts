import type { MirrorRun } from "@catalog/db";
import { JobBus, redisKeys } from "@catalog/queue";
import { clearQueuePrefix, testQueuePrefix, testRedisUrl } from "@catalog/testing";
import { QueueFence } from "./fence.js";

describe("QueueFence (real Redis)", () => {
  let bus: JobBus;
  let fence: QueueFence;
  let prefix: string;
  beforeEach(() => {
    prefix = testQueuePrefix();
    bus = new JobBus({ redisUrl: testRedisUrl(), prefix });
    fence = new QueueFence(bus);
  });
  afterEach(async () => {
    await bus.close();
    await clearQueuePrefix(testRedisUrl(), prefix);
  });

  const run = (cursor: string | null, startedAt = new Date("2026-01-01T00:00:00Z")): MirrorRun => ({
    mode: "full",
    since: null,
    cursor,
    maxUpdated: null,
    startedAt,
  });

  it("confirms a saved cursor the mark matches, or the page before it, and goes back to the mark's cursor otherwise", async () => {
    await fence.pageQueued(run("c2"), "c1");
    expect(await fence.confirmedCursor(run("c2"))).toBe("c2");
    expect(await fence.confirmedCursor(run("c1"))).toBe("c1");
    expect(await fence.confirmedCursor(run("c3"))).toBe("c2");
    expect(await fence.confirmedCursor(run(null))).toBeNull();
  });

  it("goes back to the run's first page when Redis has no mark of this run, or an unreadable one", async () => {
    expect(await fence.confirmedCursor(run("c2"))).toBeNull();
    await fence.pageQueued(run("c2", new Date("2025-12-31T00:00:00Z")), "c1");
    expect(await fence.confirmedCursor(run("c2"))).toBeNull();
    await bus.redis().set(redisKeys(prefix).mirrorFence, "{not json");
    expect(await fence.confirmedCursor(run("c2"))).toBeNull();
  });

  it("confirms a completed run only at the time it recorded, and not once a later page is queued", async () => {
    const at = new Date("2026-01-02T00:00:00Z");
    expect(await fence.confirmsCompletion(at)).toBe(false);
    await fence.runCompleted(at);
    expect(await fence.confirmsCompletion(at)).toBe(true);
    expect(await fence.confirmsCompletion(new Date("2026-01-03T00:00:00Z"))).toBe(false);
    await fence.pageQueued(run("c1"), null);
    expect(await fence.confirmsCompletion(at)).toBe(false);
  });
});
