import { NO_EVIDENCE } from "./match.js";
import { rerankByTrust } from "./trust.js";

const fused = (serverName: string, relevance: number) => ({
  serverName,
  relevance,
  tools: [],
  evidence: NO_EVIDENCE,
});

describe("trust re-ranking", () => {
  it("orders servers of equal relevance by trust", () => {
    const trust: Record<string, number> = { a: 10, b: 90 };
    const ranked = rerankByTrust([fused("a", 0.03), fused("b", 0.03)], (n) => trust[n]!, 0.06);
    expect(ranked.map((r) => r.serverName)).toEqual(["b", "a"]);
  });

  it("does not let trust overturn a clear relevance lead", () => {
    const trust: Record<string, number> = { a: 0, b: 100 };
    const ranked = rerankByTrust([fused("a", 0.06), fused("b", 0.03)], (n) => trust[n]!, 0.06);
    expect(ranked.map((r) => r.serverName)).toEqual(["a", "b"]);
  });

  it("scores on 0..1: full relevance and trust 100 give 1, trust 0 gives 1 - weight", () => {
    const [top] = rerankByTrust([fused("a", 0.06)], () => 100, 0.06);
    expect(top!.score).toBeCloseTo(1);
    const [low] = rerankByTrust([fused("a", 0.06)], () => 0, 0.06, 0.3);
    expect(low!.score).toBeCloseTo(0.7);
  });

  it("clamps trust outside 0..100 and returns nothing without retrievers", () => {
    const [r] = rerankByTrust([fused("a", 0.06)], () => 500, 0.06);
    expect(r!.score).toBeCloseTo(1);
    expect(rerankByTrust([fused("a", 0.06)], () => 50, 0)).toEqual([]);
  });
});
