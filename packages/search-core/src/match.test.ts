import { matchLevel, NO_EVIDENCE } from "./match.js";

const e = (keyword: number, name = 0, meaning = 0) => ({ keyword, name, meaning });

test("strong when any evidence is strong, or words and meaning agree", () => {
  expect(matchLevel(e(0.9))).toBe("strong");
  expect(matchLevel(e(0, 0.6))).toBe("strong");
  expect(matchLevel(e(0, 0, 1))).toBe("strong");
  expect(matchLevel(e(0.5, 0, 0.85))).toBe("strong");
});

test("partial on some of the words or a fair meaning, weak otherwise", () => {
  expect(matchLevel(e(0.5))).toBe("partial");
  expect(matchLevel(e(0, 0, 0.85))).toBe("partial");
  expect(matchLevel(e(0.2, 0.1, 0.5))).toBe("weak");
  expect(matchLevel(NO_EVIDENCE)).toBe("weak");
});
