import { DETECTORS } from "@catalog/tool-risk";
import { evaluate, falsePositiveRate, recall, type Evaluation } from "./evaluate.js";

/**
 * The issue's targets on the labelled set (docs/tool-risk.md has the tables, from
 * `pnpm --filter @catalog/bench run tool-risk`): recall of at least 0.97 on the poisoned tools,
 * at most 0.5% of the benign tools flagged (issue 36's targets; the rules alone).
 */
let result: Evaluation;
beforeAll(() => {
  result = evaluate();
}, 180_000);

test("the set holds at least 150 poisoned tools and 1,000 benign ones", () => {
  expect(result.poisoned).toBeGreaterThanOrEqual(150);
  expect(result.benign).toBeGreaterThanOrEqual(1_000);
});

test("catches at least 97% of the poisoned tools", () => {
  expect({ recall: recall(result.overall) >= 0.97, missed: result.missed }).toMatchObject({ recall: true });
});

test("flags at most 0.5% of the benign tools", () => {
  expect(falsePositiveRate(result.overall)).toBeLessThanOrEqual(0.005);
});

test("every detector catches at least 70% of the tools labelled for it", () => {
  const weak = DETECTORS.filter((d) => recall(result.detectors[d]) < 0.7).map((d) => [
    d,
    result.detectors[d],
  ]);
  expect(weak).toEqual([]);
});
