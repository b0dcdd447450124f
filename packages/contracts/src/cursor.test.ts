import { cursorParam, decodeCursor, encodeCursor } from "./cursor.js";

describe("opaque cursors", () => {
  it("round-trip a keyset position", () => {
    const cursor = encodeCursor(["2025-12-03T00:00:00.000123Z", "42"]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, 2)).toEqual(["2025-12-03T00:00:00.000123Z", "42"]);
  });

  it("refuse anything else", () => {
    expect(decodeCursor("not a cursor", 1)).toBeNull();
    expect(decodeCursor(encodeCursor(["a"]), 2)).toBeNull();
    expect(decodeCursor(Buffer.from('{"a":1}').toString("base64url"), 1)).toBeNull();
    expect(decodeCursor(Buffer.from("[1]").toString("base64url"), 1)).toBeNull();
    expect(decodeCursor("x".repeat(1001), 1)).toBeNull();
  });

  it("validate as a query parameter with a check of the position", () => {
    const param = cursorParam(2, ([, id]) => /^\d+$/.test(id ?? ""));
    expect(param.parse(encodeCursor(["t", "7"]))).toEqual(["t", "7"]);
    const bad = param.safeParse(encodeCursor(["t", "x"]));
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(["invalid cursor"]);
  });
});
