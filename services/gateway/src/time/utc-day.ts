import { DAY_MS } from "@catalog/contracts";

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Whole seconds from `at` until the next 00:00 UTC (at least 1: a quota never resets "now"). */
export function secondsUntilUtcMidnight(at: Date): number {
  const next = Math.floor(at.getTime() / DAY_MS + 1) * DAY_MS;
  return Math.max(1, Math.ceil((next - at.getTime()) / 1000));
}

/** The `count` UTC days ending with the day of `at`, oldest first. */
export function lastUtcDays(at: Date, count: number): string[] {
  const today = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  return Array.from({ length: count }, (_, i) => utcDay(new Date(today - (count - 1 - i) * DAY_MS)));
}
