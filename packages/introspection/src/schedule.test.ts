import { INTROSPECTION_OUTCOMES } from "@catalog/contracts";
import { isPassing, retryAt } from "./schedule.js";

const at = new Date("2026-11-29T00:00:00Z");
const hoursAfter = (d: Date | null) => (d ? (d.getTime() - at.getTime()) / 3_600_000 : null);

describe("retryAt", () => {
  it("never retries an outcome the published version decides", () => {
    for (const outcome of INTROSPECTION_OUTCOMES.filter((o) => !isPassing(o)))
      expect(retryAt(outcome, 1, at)).toBeNull();
  });

  it("backs off a passing failure from 6 hours, doubling, up to 30 days", () => {
    expect([1, 2, 3, 4, 8, 1000].map((n) => hoursAfter(retryAt("timed_out", n, at)))).toEqual([
      6, 12, 24, 48, 720, 720,
    ]);
    expect(hoursAfter(retryAt("install_failed", 1, at))).toBe(6);
  });
});
