import { MAX_STORABLE_DEPTH, REPLACEMENT, storable, storableText } from "./storable.js";

describe("storable: what PostgreSQL refuses is replaced, the rest kept as is", () => {
  it("replaces U+0000 and lone surrogates, and keeps surrogate pairs", () => {
    expect(storableText("a\u0000b")).toBe(`a${REPLACEMENT}b`);
    expect(storableText("\uD800x\uDC00")).toBe(`${REPLACEMENT}x${REPLACEMENT}`);
    expect(storableText("end\uD83D")).toBe(`end${REPLACEMENT}`);
    expect(storableText("\uDE00start")).toBe(`${REPLACEMENT}start`);
    expect(storableText("emoji 😀 and \uD83D\uDE00")).toBe("emoji 😀 and 😀");
    const clean = "nothing to replace, \u0001 included";
    expect(storableText(clean)).toBe(clean);
  });

  it("walks strings and keys of nested values, and keeps other values", () => {
    const at = new Date("2026-01-01T00:00:00Z");
    const value = { [`k\u0000`]: [`v\uD800`, 1, true, null, { deep: "\u0000" }], at, n: 2.5 };
    expect(storable(value)).toEqual({
      [`k${REPLACEMENT}`]: [`v${REPLACEMENT}`, 1, true, null, { deep: REPLACEMENT }],
      at,
      n: 2.5,
    });
  });

  it("keeps a listed __proto__ key as data", () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": "\\u0000"}}') as object;
    const out = storable(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(out))).toEqual(
      JSON.parse(`{"__proto__": {"polluted": "${REPLACEMENT}"}}`),
    );
  });

  it("cuts nesting deeper than PostgreSQL's jsonb parser takes", () => {
    let deep: unknown = "bottom";
    for (let i = 0; i < 20_000; i++) deep = [deep];
    let depth = 0;
    for (let v = storable(deep); Array.isArray(v); v = v[0]) depth++;
    expect(depth).toBe(MAX_STORABLE_DEPTH);
  });
});
