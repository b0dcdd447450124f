import { TopK } from "./top-k.js";

describe("TopK", () => {
  it("keeps the k best, best first, ties by key", () => {
    const top = new TopK<string>(3);
    for (const [item, score] of [
      ["a", 1],
      ["b", 5],
      ["c", 3],
      ["d", 5],
      ["e", 0.5],
      ["f", 3],
    ] as const)
      top.offer(item, score, () => item);
    expect(top.sorted()).toEqual([
      { item: "b", score: 5 },
      { item: "d", score: 5 },
      { item: "c", score: 3 },
    ]);
  });

  it("keeps nothing for k 0", () => {
    const top = new TopK<string>(0);
    top.offer("a", 1, () => "a");
    expect(top.sorted()).toEqual([]);
  });
});
