import { freeText, hasControl, isInt8Id, isTimestamp, plainString } from "./text.js";
import { decodeCursor, encodeCursor } from "./cursor.js";
import { ToolHistoryQuerySchema } from "./servers.js";

describe("text at the edge", () => {
  it("refuses control characters in names, keeps layout in free text", () => {
    expect(hasControl("io.github.x/y")).toBe(false);
    expect(plainString().safeParse("a\u0000b").success).toBe(false);
    expect(plainString().safeParse("a\u007fb").success).toBe(false);
    expect(plainString().safeParse("a\tb").success).toBe(false);
    expect(freeText().safeParse("1. find\n2. send\tit").success).toBe(true);
    expect(freeText().safeParse("slack\u0000").success).toBe(false);
  });

  it("takes only real calendar timestamps PostgreSQL can hold", () => {
    expect(isTimestamp("2025-12-18T12:00:00.123Z")).toBe(true);
    expect(isTimestamp("2024-02-29T00:00:00+02:00")).toBe(true);
    for (const bad of [
      "1",
      "foo 1",
      "2025-02-30T00:00:00Z",
      "2025-02-29T00:00:00Z",
      "2025-13-01T00:00:00Z",
      "2025-01-01T24:00:00Z",
      "+275760-09-13T00:00:00.000Z",
      "0000-01-01T00:00:00Z",
      "2025-01-01",
    ])
      expect(isTimestamp(bad)).toBe(false);
  });

  it("takes ids within int8 only", () => {
    expect(isInt8Id("9223372036854775807")).toBe(true);
    expect(isInt8Id("9223372036854775808")).toBe(false);
    expect(isInt8Id("-1")).toBe(false);
    expect(isInt8Id("1e3")).toBe(false);
  });

  it("refuses forged cursors holding control characters or impossible positions", () => {
    expect(decodeCursor(encodeCursor(["a\u0000"]), 1)).toBeNull();
    const before = (position: string[]) =>
      ToolHistoryQuerySchema.safeParse({ before: encodeCursor(position) });
    expect(before(["2025-12-18T12:00:00Z", "42"]).success).toBe(true);
    expect(before(["foo 1", "42"]).success).toBe(false);
    expect(before(["2025-12-18T12:00:00Z", "99999999999999999999"]).success).toBe(false);
  });
});
