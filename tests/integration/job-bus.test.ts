import { clearQueuePrefix, testQueuePrefix, testRedisUrl } from "@catalog/testing";
import { JobBus, requestIdOf, stableJobId } from "@catalog/queue";

describe("JobBus", () => {
  let bus: JobBus;
  let prefix: string;

  beforeEach(() => {
    prefix = testQueuePrefix();
    bus = new JobBus({ redisUrl: testRedisUrl(), prefix });
  });
  afterEach(async () => {
    await bus.close();
    await clearQueuePrefix(testRedisUrl(), prefix);
  });

  it("validates payloads on the way in and hands handlers the parsed payload", async () => {
    await expect(bus.add("search", "index-server", { serverName: 42 } as never)).rejects.toThrow();
    const seen: unknown[] = [];
    const observed: string[] = [];
    const observing = new JobBus({
      redisUrl: testRedisUrl(),
      prefix,
      observe: (queue, job, seconds, outcome) => observed.push(`${queue}/${job}/${outcome}/${seconds >= 0}`),
    });
    const done = new Promise<string | undefined>((resolve) => {
      observing.worker("search", {
        "index-server": async (data, job) => {
          seen.push(data);
          resolve(requestIdOf(job));
        },
      });
    });
    await bus.add("search", "index-server", { serverName: "io.x/y" }, { requestId: "req-12345678" });
    expect(await done).toBe("req-12345678");
    expect(seen).toEqual([{ serverName: "io.x/y" }]);
    await new Promise((r) => setTimeout(r, 100));
    expect(observed).toEqual(["search/index-server/completed/true"]);
    await observing.close();
  });

  it("fails a job with an invalid payload for good instead of retrying it", async () => {
    const queue = bus.queue("search");
    const job = await queue.add("index-server", { serverName: null });
    const worker = bus.worker("search", { "index-server": async () => "never" });
    const failed = new Promise<string>((resolve) => worker.on("failed", (_job, err) => resolve(err.message)));
    expect(await failed).toBe("invalid payload for search/index-server");
    expect((await queue.getJob(job.id!))?.attemptsMade).toBe(1);
  });

  it("derives equal job ids from equal keys, without colons", () => {
    expect(stableJobId("a", "b")).toBe(stableJobId("a", "b"));
    expect(stableJobId("a", "b")).not.toBe(stableJobId("ab", ""));
    expect(stableJobId("x:y")).not.toContain(":");
  });

  it("reports job counts per queue and state, and whether Redis answers", async () => {
    await bus.add("search", "index-server", { serverName: "io.x/y" });
    const counts = await bus.counts(["search"]);
    expect(counts.search).toMatchObject({ waiting: 1, active: 0, failed: 0 });
    expect(await bus.ping()).toBe(true);
  });
});
