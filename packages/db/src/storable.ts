/**
 * What PostgreSQL refuses to store, found in text from outside (a probed server's tools, its
 * errors, its OAuth metadata): U+0000, which neither `text` nor `jsonb` can hold, and lone
 * UTF-16 surrogates, which `jsonb` rejects (its `\ud800` escape has no pair) and `text` only
 * receives as mangled UTF-8. Either one fails the whole write: a check stayed `running`, a
 * server's tool history stopped moving.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** What stands in for each refused character: the Unicode replacement character. */
export const REPLACEMENT = "\uFFFD";

/**
 * Nesting kept of a JSON value: PostgreSQL's jsonb parser runs out of stack (`stack depth limit
 * exceeded`) somewhere past 5,000 levels, and recursive walks in JavaScript not much later.
 * Deeper values become null.
 */
export const MAX_STORABLE_DEPTH = 256;

/** The text with every character PostgreSQL refuses replaced by U+FFFD (the text itself when clean). */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, REPLACEMENT);
}

/**
 * A copy of a JSON value that PostgreSQL stores as text or jsonb without failing: every string
 * and every object key through `storableText`, nesting cut at MAX_STORABLE_DEPTH. Values JSON
 * has no place for (undefined, functions) are left for the driver's own serialisation to drop;
 * a Date stays a Date. The one helper for whatever probed text is written.
 */
export function storable<T>(value: T): T {
  return clean(value, 0) as T;
}

function clean(value: unknown, depth: number): unknown {
  if (typeof value === "string") return storableText(value);
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  if (depth >= MAX_STORABLE_DEPTH) return null;
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    // defineProperty: a listed "__proto__" key is data, not the object's prototype.
    Object.defineProperty(out, storableText(key), {
      value: clean(v, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
