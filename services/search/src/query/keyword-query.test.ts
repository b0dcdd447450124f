import { isNameLike, keywordLevels, keywordQuery } from "./keyword-query.js";

describe("keyword levels", () => {
  it("asks for every word, then all but one, then any", () => {
    expect(keywordLevels(["send", "messag", "channel"])).toEqual([
      "'send' & 'messag' & 'channel'",
      "('messag' & 'channel') | ('send' & 'channel') | ('send' & 'messag')",
      "'send' | 'messag' | 'channel'",
    ]);
  });

  it("has two levels for two words, one for one, none for none", () => {
    expect(keywordLevels(["weather", "forecast"])).toEqual([
      "'weather' & 'forecast'",
      "'weather' | 'forecast'",
    ]);
    expect(keywordLevels(["postgr"])).toEqual(["'postgr'"]);
    expect(keywordLevels([])).toEqual([]);
  });

  it("quotes lexemes and keeps at most eight distinct words", () => {
    expect(keywordLevels(["o'neil"])).toEqual(["'o''neil'"]);
    expect(keywordLevels(["a\\b"])).toEqual(["'a\\\\b'"]);
    const many = keywordLevels(["a", "b", "c", "d", "e", "f", "g", "h", "i", "a"]);
    expect(many[0]).toBe("'a' & 'b' & 'c' & 'd' & 'e' & 'f' & 'g' & 'h'");
  });

  it("matches trigrams only for name-like queries", () => {
    expect(isNameLike("postgres")).toBe(true);
    expect(isNameLike("mcp-postgres-server")).toBe(true);
    expect(isNameLike("weather forecast")).toBe(true);
    expect(isNameLike("send a message to a team channel")).toBe(false);
    expect(isNameLike("x".repeat(65))).toBe(false);
    expect(keywordQuery("postgres", ["postgr"])).toEqual({
      levels: ["'postgr'"],
      raw: "postgres",
      nameLike: true,
    });
  });
});
