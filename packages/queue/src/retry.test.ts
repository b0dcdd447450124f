import { UnrecoverableError } from "bullmq";
import { z } from "zod";
import { refusedConnection } from "@catalog/testing";
import { failureKind, JOB_ATTEMPTS, RETRY_CAP_MS, retryDelay } from "./retry.js";

describe("retry delays", () => {
  it("grow from a second, doubling, to a one-minute cap, never above it", () => {
    const top = (attempt: number) => retryDelay(attempt, () => 1);
    const bottom = (attempt: number) => retryDelay(attempt, () => 0);
    expect([1, 2, 3, 4, 5, 6, 7].map(top)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000]);
    expect(top(500)).toBe(RETRY_CAP_MS);
    expect(top(10_000)).toBe(RETRY_CAP_MS);
    expect(bottom(1)).toBe(750);
    expect(bottom(50)).toBe(45_000);
  });

  it("keep a job retrying for most of a day, even with the shortest jitter", () => {
    let shortest = 0;
    for (let attempt = 1; attempt < JOB_ATTEMPTS; attempt++) shortest += retryDelay(attempt, () => 0);
    expect(shortest / 3_600_000).toBeGreaterThan(20);
  });
});

describe("failure kinds", () => {
  it("bad input fails at once: schema rejections and explicit unrecoverable errors", () => {
    const zod = (() => {
      try {
        z.object({ publishedAt: z.iso.datetime() }).parse({ publishedAt: "yesterday" });
      } catch (err) {
        return err;
      }
    })();
    expect(failureKind(zod)).toBe("permanent");
    expect(failureKind(new UnrecoverableError("no handler"))).toBe("permanent");
    // A wrapped cause counts: the database refusing a value (SQLSTATE class 22) under an adapter error.
    const nul = Object.assign(new Error("invalid byte sequence"), { name: "DriverAdapterError" });
    nul.cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: "22021",
    });
    expect(failureKind(nul)).toBe("permanent");
  });

  it("an unreachable dependency is transient, however deep the cause", async () => {
    const refused = await refusedConnection();
    expect((refused as NodeJS.ErrnoException).code).toBe("ECONNREFUSED");
    expect(failureKind(refused)).toBe("transient");
    expect(failureKind(new Error("page failed", { cause: refused }))).toBe("transient");
    expect(failureKind(new Error("Connection terminated unexpectedly"))).toBe("transient");
    expect(failureKind(new Error("LOADING Redis is loading the dataset in memory"))).toBe("transient");
  });

  it("anything else is unknown (and retried like a transient failure)", () => {
    expect(failureKind(new Error("boom"))).toBe("unknown");
    expect(failureKind(new TypeError("x is undefined"))).toBe("unknown");
    expect(failureKind("a string")).toBe("unknown");
    expect(failureKind(undefined)).toBe("unknown");
  });
});
