import { loggedProgress, Progress, progressWriter } from "./progress.js";

describe("Progress", () => {
  it("says done out of total, the share, the rate so far and the time left at that rate", () => {
    const p = new Progress("catalog jobs", 4000, 0);
    expect(p.line(1200, 8_000)).toBe("catalog jobs: 1,200/4,000 (30%), 150/s, about 19 s left");
    expect(p.line(2000, 10_000)).toBe("catalog jobs: 2,000/4,000 (50%), 200/s, about 10 s left");
    expect(p.line(4000, 20_000)).toBe("catalog jobs: 4,000/4,000 (100%), 200/s, done");
  });

  it("gives minutes and hours for long waits, and no guess before anything is done", () => {
    const p = new Progress("versions", 1_000_000, 0);
    expect(p.line(1000, 10_000)).toContain("about 2.8 h left");
    expect(p.line(100_000, 60_000)).toContain("about 9 min left");
    expect(p.line(0, 1000)).toContain("time left unknown");
  });
});

describe("progressWriter", () => {
  const sink = (isTTY: boolean) => {
    const written: string[] = [];
    return { written, stream: { isTTY, write: (s: string) => written.push(s) } };
  };

  it("rewrites one terminal line in place, at most every everyMs", () => {
    const { written, stream } = sink(true);
    const w = progressWriter(stream, { everyMs: 200 });
    w.update("a", 0);
    w.update("b", 100);
    w.update("c", 250);
    w.finish("d");
    expect(written).toEqual(["\r\u001b[Ka", "\r\u001b[Kc", "\r\u001b[Kd\n"]);
  });

  it("writes plain lines, sparsely, where there is no terminal", () => {
    const { written, stream } = sink(false);
    const w = progressWriter(stream, { logEveryMs: 10_000 });
    w.update("a", 0);
    w.update("b", 5_000);
    w.update("c", 10_000);
    w.finish("d");
    expect(written).toEqual(["a\n", "c\n", "d\n"]);
  });
});

describe("loggedProgress", () => {
  it("logs the figures at most every everyMs, and always the end", () => {
    const lines: [object, string][] = [];
    let now = 0;
    const report = loggedProgress({ info: (fields, message) => lines.push([fields, message]) }, "texts", {
      everyMs: 10_000,
      clock: () => now,
    });
    for (const [at, done] of [
      [2_000, 100],
      [10_000, 500],
      [15_000, 700],
      [16_000, 800],
    ] as const) {
      now = at;
      report(done, 800);
    }
    expect(lines).toEqual([
      [
        { done: 500, total: 800, percent: 62, perSecond: 50, secondsLeft: 6 },
        "texts: 500/800 (62%), 50/s, about 6 s left",
      ],
      [
        { done: 800, total: 800, percent: 100, perSecond: 50, secondsLeft: 0 },
        "texts: 800/800 (100%), 50/s, done",
      ],
    ]);
  });
});
