import { mean, ndcgAtK, recallAtK } from "./evaluation.js";

describe("retrieval measures", () => {
  const relevant = new Set(["a", "b"]);

  it("recall@k counts relevant items in the first k", () => {
    expect(recallAtK(["a", "x", "b"], relevant, 2)).toBe(0.5);
    expect(recallAtK(["a", "x", "b"], relevant, 3)).toBe(1);
    expect(recallAtK(["a"], new Set(), 5)).toBe(0);
  });

  it("nDCG@k is 1 for an ideal order and lower when relevant items come late", () => {
    expect(ndcgAtK(["a", "b", "x"], relevant, 10)).toBeCloseTo(1);
    const late = ndcgAtK(["x", "y", "a", "b"], relevant, 10);
    expect(late).toBeCloseTo((1 / Math.log2(4) + 1 / Math.log2(5)) / (1 + 1 / Math.log2(3)));
    expect(ndcgAtK(["x"], relevant, 10)).toBe(0);
  });

  it("mean of nothing is 0", () => {
    expect(mean([])).toBe(0);
    expect(mean([1, 0])).toBe(0.5);
  });
});
