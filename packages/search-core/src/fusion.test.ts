import { DEFAULT_FUSION, fuseByServer, maxRelevance } from "./fusion.js";

const s = (serverName: string, evidence?: number) => ({ serverName, toolName: null, evidence });
/** Plain reciprocal rank, every retriever alike: the arithmetic of the fusion itself. */
const plain = {
  ...DEFAULT_FUSION,
  evidencePower: 0,
  weights: {
    server_keyword: 1,
    tool_keyword: 1,
    server_name: 1,
    server_semantic: 1,
    tool_semantic: 1,
    server_associated: 1,
    tool_associated: 1,
    server_trained: 1,
    tool_trained: 1,
  },
};
const t = (serverName: string, toolName: string) => ({ serverName, toolName });

describe("reciprocal rank fusion by server", () => {
  it("sums 1/(k+rank) over retrievers", () => {
    const fused = fuseByServer(
      { server_keyword: [s("a"), s("b")], server_semantic: [s("b"), s("c")] },
      plain,
    );
    expect(fused.map((f) => f.serverName)).toEqual(["b", "a", "c"]);
    expect(fused[0]!.relevance).toBeCloseTo(1 / 62 + 1 / 61);
    expect(fused[1]!.relevance).toBeCloseTo(1 / 61);
  });

  it("ranks a server by its first hit among distinct servers in a tool list", () => {
    const fused = fuseByServer({ tool_keyword: [t("a", "x"), t("a", "y"), t("b", "z")] }, plain);
    expect(fused.map((f) => [f.serverName, f.relevance])).toEqual([
      ["a", 1 / 61],
      ["b", 1 / 62],
    ]);
  });

  it("groups matched tools under their server, best first across tool retrievers", () => {
    const fused = fuseByServer(
      {
        tool_keyword: [t("a", "send"), t("a", "list")],
        tool_semantic: [t("a", "list"), t("b", "post"), t("a", "send")],
      },
      plain,
    );
    const a = fused.find((f) => f.serverName === "a")!;
    expect(a.tools.map((x) => x.name)).toEqual(["list", "send"]);
    expect(a.tools[0]!.score).toBeCloseTo(1 / 62 + 1 / 61);
    expect(fused.find((f) => f.serverName === "b")!.tools.map((x) => x.name)).toEqual(["post"]);
  });

  it("a server matched only by its own document has no matched tools", () => {
    expect(fuseByServer({ server_keyword: [s("a")] })[0]!.tools).toEqual([]);
  });

  it("keeps at most maxTools tools and honours retriever weights", () => {
    const many = Array.from({ length: 8 }, (_, i) => t("a", `t${i}`));
    expect(fuseByServer({ tool_keyword: many })[0]!.tools).toHaveLength(5);
    const weights = { ...plain.weights, server_keyword: 0 };
    const fused = fuseByServer(
      { server_keyword: [s("a"), s("b")], server_semantic: [s("b")] },
      { ...plain, weights },
    );
    expect(fused[0]!.serverName).toBe("b");
  });

  it("breaks ties by name so answers are stable", () => {
    const fused = fuseByServer({ server_keyword: [s("b")], server_semantic: [s("a")] }, plain);
    expect(fused.map((f) => f.serverName)).toEqual(["a", "b"]);
  });

  it("scales a vote by its hit's evidence: a first place on one incidental word counts little", () => {
    const lists = { server_keyword: [s("rent", 0.2), s("gmail", 0.9)], server_semantic: [s("gmail", 1)] };
    expect(fuseByServer(lists, plain).map((f) => f.serverName)).toEqual(["gmail", "rent"]);
    const fused = fuseByServer(lists, { ...plain, evidencePower: 1 });
    expect(fused[0]!.relevance).toBeCloseTo(0.9 / 62 + 1 / 61);
    expect(fused[1]!.relevance).toBeCloseTo(0.2 / 61);
  });

  it("scales to the retrievers that answered", () => {
    expect(maxRelevance({ server_keyword: [], tool_keyword: [] }, plain)).toBeCloseTo(2 / 61);
    expect(maxRelevance({})).toBe(0);
  });
});
