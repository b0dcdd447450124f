import { retryAfterSeconds } from "./transport.js";

describe("retry-after", () => {
  const now = Date.parse("2026-03-01T12:00:00Z");

  it("reads delta-seconds", () => {
    expect(retryAfterSeconds("7", now)).toBe(7);
    expect(retryAfterSeconds(" 0 ", now)).toBe(0);
  });

  it("reads an HTTP date, never negative", () => {
    expect(retryAfterSeconds("Sun, 01 Mar 2026 12:00:10 GMT", now)).toBe(10);
    expect(retryAfterSeconds("Sun, 01 Mar 2026 11:00:00 GMT", now)).toBe(0);
  });

  it("has nothing to say about a missing or garbled header", () => {
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds("soon", now)).toBeUndefined();
  });
});
