import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { vectorIndexContract } from "../../../../tests/support/vector-index-contract.js";
import { MemoryVectorIndex, type MemoryIndexOptions } from "./memory.index.js";
import type { VectorPoint } from "./vector-index.js";

/** An index whose stored vectors are loaded: it builds graphs as points arrive. */
function loadedIndex(options: MemoryIndexOptions): MemoryVectorIndex {
  const index = new MemoryVectorIndex(8, options);
  index.loaded();
  return index;
}

vectorIndexContract("in-process, exact", async () => loadedIndex({ exactMax: 1000 }));
// exactMax 2: the six points go through an HNSW graph (hnswlib-node).
vectorIndexContract("in-process, HNSW", async () => loadedIndex({ exactMax: 2 }));

const v = (i: number) => Float32Array.from({ length: 8 }, (_, j) => (j === i % 8 ? 1 : 0.01 * j));
const point = (i: number, vector = v(i)): VectorPoint => ({
  id: `s:${i}`,
  serverName: `${i}`,
  kind: "server",
  toolName: null,
  vector,
});

describe("in-process index", () => {
  it("switches a kind to HNSW above exactMax once the stored vectors are loaded, and says so", async () => {
    const index = new MemoryVectorIndex(8, { exactMax: 2 });
    await index.upsert([0, 1, 2].map((i) => point(i)));
    await index.settled();
    expect(index.description).toBe("in-process (servers exact, tools exact)");
    index.loaded();
    await index.settled();
    expect(index.description).toBe("in-process (servers hnsw, tools exact)");
    expect((await index.search({ kind: "server", vector: v(2), k: 1 }))[0]!.id).toBe("s:2");
  });

  it("answers nothing for a vector of another size (after a model change)", async () => {
    const index = loadedIndex({ exactMax: 10 });
    expect(await index.search({ kind: "server", vector: new Float32Array(4), k: 1 })).toEqual([]);
  });

  it("saves a built graph and, at the next start, reads it and brings it level with the stored vectors", async () => {
    const dir = await mkdtemp(join(tmpdir(), "graphs-"));
    try {
      const options = { exactMax: 2, graphDir: dir, modelKey: "model/a" };
      const first = new MemoryVectorIndex(8, options);
      await first.upsert([0, 1, 2, 3].map((i) => point(i)));
      first.loaded();
      await first.close();
      expect((await readdir(dir)).sort()).toEqual(["model_a-8-server.hnsw", "model_a-8-server.hnsw.json"]);

      // Next start: s:1 changed its vector, s:3 left, s:4 is new.
      const second = new MemoryVectorIndex(8, options);
      await second.upsert([point(0), point(1, v(6)), point(2), point(4)]);
      second.loaded();
      await second.settled();
      expect(second.description).toBe("in-process (servers hnsw, tools exact)");
      const ids = async (i: number) =>
        (await second.search({ kind: "server", vector: v(i), k: 5 })).map((h) => h.id);
      expect((await ids(6))[0]).toBe("s:1");
      expect(await ids(3)).not.toContain("s:3");
      expect((await ids(4))[0]).toBe("s:4");
      expect((await ids(2))[0]).toBe("s:2");
      await second.close();

      // A start with nothing changed reads the graph and leaves the file as it was.
      const saved = (await stat(join(dir, "model_a-8-server.hnsw"))).mtimeMs;
      const third = new MemoryVectorIndex(8, options);
      await third.upsert([point(0), point(1, v(6)), point(2), point(4)]);
      third.loaded();
      await third.close();
      expect(third.description).toBe("in-process (servers hnsw, tools exact)");
      expect((await stat(join(dir, "model_a-8-server.hnsw"))).mtimeMs).toBe(saved);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
