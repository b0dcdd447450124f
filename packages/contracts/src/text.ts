import { z } from "zod";

/**
 * Control characters (C0, DEL, C1) at the edge. No name, version, cursor position or id holds one, and
 * PostgreSQL refuses U+0000 in text: they are refused with the other bad input (400), before
 * any query runs.
 */
const CONTROL = /\p{Cc}/u;
/** In free text (a search), tabs and line breaks are layout; other controls are refused. */
const CONTROL_IN_TEXT = /(?![\t\n\r])\p{Cc}/u;

const MESSAGE = "must not hold control characters";

export const hasControl = (value: string): boolean => CONTROL.test(value);

/** A string without control characters (names, versions, ids, registry parameters). */
export const plainString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((v) => !CONTROL.test(v), MESSAGE);

/** Free text: tabs and line breaks allowed, other control characters refused. */
export const freeText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((v) => !CONTROL_IN_TEXT.test(v), MESSAGE);

/**
 * A history cursor's timestamp: RFC 3339 with a real calendar date in years 1 to 9999 (what
 * PostgreSQL's timestamptz takes; `Date.parse` also accepts "1", "foo 1" and February 30).
 */
export function isTimestamp(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const days = new Date(Date.UTC(year!, month, 0)).getUTCDate();
  return (
    year! >= 1 &&
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= days &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60
  );
}

const INT8_MAX = 9223372036854775807n;

/** A positive int8 id as text (PostgreSQL's bigint); larger values are refused, not overflowed. */
export function isInt8Id(value: string): boolean {
  return /^\d{1,19}$/.test(value) && BigInt(value) <= INT8_MAX;
}
