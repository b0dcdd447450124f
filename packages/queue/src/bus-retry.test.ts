import type { Job } from "bullmq";
import { z } from "zod";
import { clearQueuePrefix, refusedConnection, testQueuePrefix, testRedisUrl } from "@catalog/testing";
import { failedForGood, JobBus } from "./bus.js";
import { JOB_ATTEMPTS } from "./retry.js";

describe("JobBus retries (real Redis)", () => {
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

  it("retries a job whose dependency is unreachable, after a wait, until it succeeds", async () => {
    const runs: number[] = [];
    const finals: boolean[] = [];
    const worker = bus.worker("search", {
      "index-server": async () => {
        runs.push(Date.now());
        if (runs.length < 2) throw new Error("index write failed", { cause: await refusedConnection() });
        return "indexed";
      },
    });
    worker.on("failed", (job, err) => finals.push(failedForGood(job, err)));
    const completed = new Promise<Job>((resolve) => worker.on("completed", resolve));
    const job = await bus.add("search", "index-server", { serverName: "io.x/y" });
    expect(job.opts.attempts).toBe(JOB_ATTEMPTS);
    const done = await completed;
    expect(done.returnvalue).toBe("indexed");
    expect(runs).toHaveLength(2);
    expect(finals).toEqual([false]);
    // The first retry waits about a second (at least 3/4 of it); later ones are retry.test.ts's.
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(750);
  }, 30_000);

  it("fails a job at once when its input is bad (a schema rejects it), keeping the reason", async () => {
    let runs = 0;
    const worker = bus.worker("search", {
      "index-server": async () => {
        runs++;
        z.object({ version: z.string().min(1) }).parse({ version: "" });
      },
    });
    const failed = new Promise<{ job: Job | undefined; final: boolean; reason: string }>((resolve) =>
      worker.on("failed", (job, err) =>
        resolve({ job, final: failedForGood(job, err), reason: err.message }),
      ),
    );
    const job = await bus.add("search", "index-server", { serverName: "io.x/y" });
    const { final, reason } = await failed;
    expect(final).toBe(true);
    expect(reason).toMatch(/too_small|at least 1/);
    const stored = await bus.queue("search").getJob(job.id!);
    expect(await stored!.getState()).toBe("failed");
    expect(stored!.attemptsMade).toBe(1);
    expect(runs).toBe(1);
  });
});
