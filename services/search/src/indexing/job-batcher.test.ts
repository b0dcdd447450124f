import { JobBatcher } from "./job-batcher.js";

const outcome = (name: string) => ({ documents: name.length, changed: 0 });

describe("job batcher", () => {
  it("indexes jobs that wait together in one batch, and a later job in the next", async () => {
    const calls: string[][] = [];
    const batcher = new JobBatcher(async (names) => {
      calls.push(names);
      await new Promise((r) => setTimeout(r, 10));
      return new Map(names.map((n) => [n, outcome(n)]));
    }, 3);
    const first = [batcher.submit("a"), batcher.submit("bb"), batcher.submit("a")];
    await new Promise((r) => setImmediate(r)); // the first batch is running
    const later = batcher.submit("ccc");
    expect(await Promise.all([...first, later])).toEqual([
      outcome("a"),
      outcome("bb"),
      outcome("a"),
      outcome("ccc"),
    ]);
    expect(calls).toEqual([["a", "bb"], ["ccc"]]);
  });

  it("cuts batches at the maximum size", async () => {
    const calls: string[][] = [];
    const batcher = new JobBatcher(async (names) => {
      calls.push(names);
      return new Map(names.map((n) => [n, outcome(n)]));
    }, 2);
    await Promise.all(["a", "b", "c", "d", "e"].map((n) => batcher.submit(n)));
    expect(calls).toEqual([["a", "b"], ["c", "d"], ["e"]]);
  });

  it("retries a failed batch server by server, so only the bad server's job fails", async () => {
    const batcher = new JobBatcher(async (names) => {
      if (names.includes("bad")) throw new Error("cannot index bad");
      return new Map(names.map((n) => [n, outcome(n)]));
    }, 10);
    const results = await Promise.allSettled([batcher.submit("good"), batcher.submit("bad")]);
    expect(results[0]).toEqual({ status: "fulfilled", value: outcome("good") });
    expect(results[1]).toMatchObject({ status: "rejected", reason: { message: "cannot index bad" } });
  });
});
