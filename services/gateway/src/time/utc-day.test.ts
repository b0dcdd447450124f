import { lastUtcDays, secondsUntilUtcMidnight, utcDay } from "./utc-day.js";

describe("UTC days", () => {
  it("names the UTC day whatever the local offset of the input", () => {
    expect(utcDay(new Date("2026-03-01T23:59:59.999Z"))).toBe("2026-03-01");
    expect(utcDay(new Date("2026-03-02T00:30:00+01:00"))).toBe("2026-03-01");
    expect(utcDay(new Date("2026-03-02T00:00:00Z"))).toBe("2026-03-02");
  });

  it("counts the seconds to the next midnight UTC, never zero", () => {
    expect(secondsUntilUtcMidnight(new Date("2026-03-01T23:59:50Z"))).toBe(10);
    expect(secondsUntilUtcMidnight(new Date("2026-03-01T23:59:59.400Z"))).toBe(1);
    expect(secondsUntilUtcMidnight(new Date("2026-03-02T00:00:00Z"))).toBe(86_400);
    expect(secondsUntilUtcMidnight(new Date("2026-03-01T12:00:00.001Z"))).toBe(43_200);
  });

  it("lists the last days across a month end, oldest first", () => {
    expect(lastUtcDays(new Date("2026-03-02T08:00:00Z"), 3)).toEqual([
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
    expect(lastUtcDays(new Date("2026-03-02T08:00:00Z"), 30)).toHaveLength(30);
  });
});
