import { clearQueuePrefix, testQueuePrefix, testRedisUrl } from "@catalog/testing";
import { JobBus } from "./bus.js";
import type { QueueName } from "./jobs.js";

describe("JobBus: a job whose data Redis lost (real Redis)", () => {
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

  it("is told to the listeners and leaves nothing behind, not a failed job without a name", async () => {
    const handled: string[] = [];
    const lost: QueueName[] = [];
    bus.onJobDataLost((queue) => lost.push(queue));
    const gone = await bus.add("search", "index-server", { serverName: "io.x/gone" });
    // Evicted: the job's hash goes, its id stays in the wait list.
    await bus.redis().del(`${prefix}:search:${gone.id}`);
    const worker = bus.worker("search", {
      "index-server": async (data) => void handled.push(data.serverName),
    });
    const completed = new Promise<void>((resolve) => {
      let seen = 0;
      worker.on("completed", () => ++seen === 2 && resolve());
    });
    await bus.add("search", "index-server", { serverName: "io.x/kept" });
    await completed;
    for (let i = 0; i < 100 && (await bus.redis().exists(`${prefix}:search:${gone.id}`)); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(handled).toEqual(["io.x/kept"]);
    expect(lost).toEqual(["search"]);
    expect(await bus.queue("search").getJobCounts("failed")).toEqual({ failed: 0 });
    expect(await bus.redis().exists(`${prefix}:search:${gone.id}`)).toBe(0);
    expect(await bus.queue("search").getCompleted()).toHaveLength(1);
  }, 30_000);
});
