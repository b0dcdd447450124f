import { DEFAULT_FUSION, fuseByServer, maxRelevance } from "./fusion.js";

const s = (serverName: string) => ({ serverName, toolName: null });
const t = (serverName: string, toolName: string) => ({ serverName, toolName });

describe("reciprocal rank fusion by server", () => {
  it("sums 1/(k+rank) over retrievers", () => {
    const fused = fuseByServer({ server_keyword: [s("a"), s("b")], server_semantic: [s("b"), s("c")] });
    expect(fused.map((f) => f.serverName)).toEqual(["b", "a", "c"]);
    expect(fused[0]!.relevance).toBeCloseTo(1 / 62 + 1 / 61);
    expect(fused[1]!.relevance).toBeCloseTo(1 / 61);
  });

  it("ranks a server by its first hit among distinct servers in a tool list", () => {
    const fused = fuseByServer({ tool_keyword: [t("a", "x"), t("a", "y"), t("b", "z")] });
    expect(fused.map((f) => [f.serverName, f.relevance])).toEqual([
      ["a", 1 / 61],
      ["b", 1 / 62],
    ]);
  });

  it("groups matched tools under their server, best first across tool retrievers", () => {
    const fused = fuseByServer({
      tool_keyword: [t("a", "send"), t("a", "list")],
      tool_semantic: [t("a", "list"), t("b", "post"), t("a", "send")],
    });
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
    const weights = { ...DEFAULT_FUSION.weights, server_keyword: 0 };
    const fused = fuseByServer(
      { server_keyword: [s("a"), s("b")], server_semantic: [s("b")] },
      { ...DEFAULT_FUSION, weights },
    );
    expect(fused[0]!.serverName).toBe("b");
  });

  it("breaks ties by name so answers are stable", () => {
    const fused = fuseByServer({ server_keyword: [s("b")], server_semantic: [s("a")] });
    expect(fused.map((f) => f.serverName)).toEqual(["a", "b"]);
  });

  it("scales to the retrievers that answered", () => {
    expect(maxRelevance({ server_keyword: [], tool_keyword: [] })).toBeCloseTo(2 / 61);
    expect(maxRelevance({})).toBe(0);
  });
});
