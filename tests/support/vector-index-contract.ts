import type { VectorIndex, VectorPoint } from "../../services/search/src/vectors/vector-index.js";

/** Unit vectors in 8 dimensions, one basis direction per seed with a little spread. */
function vec(seed: number, dims = 8): Float32Array {
  const v = new Float32Array(dims);
  v[seed % dims] = 1;
  v[(seed + 1) % dims] = 0.1 * (1 + (seed % 3));
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

const point = (
  id: string,
  serverName: string,
  seed: number,
  toolName: string | null = null,
): VectorPoint => ({
  id,
  serverName,
  kind: toolName === null ? "server" : "tool",
  toolName,
  vector: vec(seed),
});

/**
 * The behaviour every vector index must show, run against the in-process index and Qdrant.
 * `open` returns an empty index of 8 dimensions.
 */
export function vectorIndexContract(
  name: string,
  open: () => Promise<VectorIndex & { settled?: () => Promise<void> }>,
): void {
  describe(`${name}: vector index contract`, () => {
    let index: VectorIndex & { settled?: () => Promise<void> };

    beforeEach(async () => {
      index = await open();
      await index.upsert([
        point("s:a", "a", 0),
        point("s:b", "b", 1),
        point("s:c", "c", 2),
        point("t:a:x", "a", 3, "x"),
        point("t:b:y", "b", 3, "y"),
        point("t:c:z", "c", 5, "z"),
      ]);
      await index.settled?.();
    });
    afterEach(async () => index.close());

    it("finds the nearest documents of a kind, most similar first", async () => {
      const hits = await index.search({ kind: "server", vector: vec(1), k: 2 });
      expect(hits.map((h) => h.id)).toEqual(["s:b", expect.any(String)]);
      expect(hits[0]!.score).toBeCloseTo(1, 3);
      expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
      const tools = await index.search({ kind: "tool", vector: vec(5), k: 1 });
      expect(tools).toEqual([{ id: "t:c:z", serverName: "c", toolName: "z", score: expect.any(Number) }]);
    });

    it("counts points per kind", async () => {
      expect(await index.count("server")).toBe(3);
      expect(await index.count("tool")).toBe(3);
    });

    it("keeps only documents of allowed servers", async () => {
      const hits = await index.search({ kind: "tool", vector: vec(3), k: 3, allow: new Set(["b", "c"]) });
      expect(hits.map((h) => h.serverName).sort()).toEqual(["b", "c"]);
      expect(hits[0]!.id).toBe("t:b:y");
      expect(await index.search({ kind: "server", vector: vec(0), k: 3, allow: new Set() })).toEqual([]);
    });

    it("replaces a vector by id", async () => {
      await index.upsert([point("s:a", "a", 6)]);
      await index.settled?.();
      expect((await index.search({ kind: "server", vector: vec(6), k: 1 }))[0]!.id).toBe("s:a");
      expect(await index.count("server")).toBe(3);
    });

    it("replaceServer leaves exactly the given points of that server", async () => {
      await index.replaceServer("a", [point("s:a", "a", 0), point("t:a:w", "a", 7, "w")]);
      expect(await index.count("tool")).toBe(3);
      const tools = await index.search({ kind: "tool", vector: vec(3), k: 10, allow: new Set(["a"]) });
      expect(tools.map((h) => h.id)).toEqual(["t:a:w"]);
      await index.replaceServer("a", []);
      expect(await index.count("server")).toBe(2);
      expect(await index.search({ kind: "server", vector: vec(0), k: 5, allow: new Set(["a"]) })).toEqual([]);
    });
  });
}
