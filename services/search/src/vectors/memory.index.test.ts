import { vectorIndexContract } from "../../../../tests/support/vector-index-contract.js";
import { MemoryVectorIndex } from "./memory.index.js";

vectorIndexContract("in-process, exact", async () => new MemoryVectorIndex(8, { exactMax: 1000 }));
// exactMax 2: the six points go through an HNSW graph (hnswlib-node).
vectorIndexContract("in-process, HNSW", async () => new MemoryVectorIndex(8, { exactMax: 2 }));

describe("in-process index", () => {
  it("switches a kind to HNSW above exactMax and says so", async () => {
    const index = new MemoryVectorIndex(8, { exactMax: 2 });
    expect(index.description).toBe("in-process (servers exact, tools exact)");
    const v = (i: number) => Float32Array.from({ length: 8 }, (_, j) => (j === i ? 1 : 0));
    await index.upsert(
      [0, 1, 2].map((i) => ({
        id: `s:${i}`,
        serverName: `${i}`,
        kind: "server",
        toolName: null,
        vector: v(i),
      })),
    );
    await index.settled();
    expect(index.description).toBe("in-process (servers hnsw, tools exact)");
    expect((await index.search({ kind: "server", vector: v(2), k: 1 }))[0]!.id).toBe("s:2");
  });

  it("answers nothing for a vector of another size (after a model change)", async () => {
    const index = new MemoryVectorIndex(8, { exactMax: 10 });
    expect(await index.search({ kind: "server", vector: new Float32Array(4), k: 1 })).toEqual([]);
  });
});
