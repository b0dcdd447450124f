import { atDetail, oneLine, SUMMARY_LINE } from "./search-detail.js";
import type { SearchAnswer } from "./search.js";

test("one line: the first sentence, cut at a word", () => {
  expect(oneLine("Reads files.  Also writes them.")).toBe("Reads files.");
  const long = "A server that does a great many things with a great many services and then some more besides";
  const line = oneLine(long);
  expect(line.length).toBeLessThanOrEqual(SUMMARY_LINE);
  expect(line.endsWith("…")).toBe(true);
  expect(long.startsWith(line.slice(0, -1))).toBe(true);
  expect(oneLine("")).toBe("");
});

const result = {
  name: "a.b/c",
  title: "C",
  description: "Weather for a city. More.",
  connection_class: "R0" as const,
  autonomous: true,
  human_steps: [],
  categories: [],
  trust_score: 50,
  trust_flags: [],
  quality_score: null,
  quality_label: "unrated" as const,
  tool_count: 4,
  tool_tokens: 100,
  score: 0.8,
  match: "strong" as const,
  matched_tools: ["a", "b", "c", "d"].map((name) => ({ name, description: "x" })),
};
const answer: SearchAnswer = {
  mode: "hybrid",
  results: [result],
  intents: [
    {
      intent: "weather",
      source: "given",
      results: [{ name: "a.b/c", line: "Weather for a city.", score: 0.8, match: "strong", tools: ["a"] }],
    },
  ],
};

test("each level keeps what it says", () => {
  expect(atDetail(answer, "full", [])).toEqual({ ...answer, detail: "full", next_actions: [] });
  const summary = atDetail(answer, "summary", []);
  expect(summary.results).toEqual([{ name: "a.b/c", line: "Weather for a city.", match: "strong" }]);
  expect(summary.intents![0]!.results).toEqual(summary.results);
  const names = atDetail(answer, "names", []);
  expect(names.results).toEqual([{ name: "a.b/c", match: "strong" }]);
  expect(names.intents![0]!.results).toEqual([{ name: "a.b/c", match: "strong" }]);
  expect(atDetail({ mode: "keyword", results: [] }, "names", [])).not.toHaveProperty("intents");
});
