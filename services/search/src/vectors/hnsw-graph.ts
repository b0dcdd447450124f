import { createRequire } from "node:module";

type Native = {
  initIndex(opts: { maxElements: number; m?: number; efConstruction?: number; randomSeed?: number }): void;
  resizeIndex(max: number): void;
  addPoint(point: number[], label: number): void;
  markDelete(label: number): void;
  searchKnn(
    query: number[],
    k: number,
    filter?: (label: number) => boolean,
  ): { distances: number[]; neighbors: number[] };
  setEf(ef: number): void;
  getMaxElements(): number;
};

type HnswModule = { HierarchicalNSW: new (space: "ip", dims: number) => Native };

/**
 * hnswlib-node, an N-API binding of hnswlib (C++), built from its bundled sources at install
 * against the machine's Node headers: no download at install or run time. Loaded on first use
 * so a catalog that stays exact never needs it.
 */
function loadNative(): HnswModule {
  return createRequire(import.meta.url)("hnswlib-node") as HnswModule;
}

/** Graph parameters: M 16 and efConstruction 128 give recall@10 above 0.95 on sentence vectors. */
const M = 16;
const EF_CONSTRUCTION = 128;
const EF_SEARCH = 128;

/** An approximate nearest-neighbour graph over unit vectors, keyed by document id. */
export class HnswGraph {
  private readonly native: Native;
  private readonly labelOf = new Map<string, number>();
  private readonly idOf: string[] = [];
  private readonly deleted = new Set<number>();

  constructor(
    readonly dimensions: number,
    capacity: number,
  ) {
    const { HierarchicalNSW } = loadNative();
    this.native = new HierarchicalNSW("ip", dimensions);
    this.native.initIndex({
      maxElements: Math.max(1024, capacity),
      m: M,
      efConstruction: EF_CONSTRUCTION,
      randomSeed: 42,
    });
    this.native.setEf(EF_SEARCH);
  }

  get size(): number {
    return this.idOf.length - this.deleted.size;
  }

  add(id: string, vector: Float32Array): void {
    let label = this.labelOf.get(id);
    if (label === undefined) {
      label = this.idOf.length;
      if (label >= this.native.getMaxElements()) this.native.resizeIndex(this.native.getMaxElements() * 2);
      this.labelOf.set(id, label);
      this.idOf.push(id);
    }
    this.native.addPoint(Array.from(vector), label); // updates in place (and revives) a known label
    this.deleted.delete(label);
  }

  remove(id: string): void {
    const label = this.labelOf.get(id);
    if (label === undefined || this.deleted.has(label)) return;
    this.native.markDelete(label);
    this.deleted.add(label);
  }

  /** Ids of the nearest vectors (at most k), with their cosine similarity. */
  search(vector: Float32Array, k: number, accept?: (id: string) => boolean): { id: string; score: number }[] {
    const n = Math.min(k, this.size);
    if (n === 0) return [];
    this.native.setEf(Math.max(EF_SEARCH, n));
    const filter = accept ? (label: number) => accept(this.idOf[label]!) : undefined;
    const { distances, neighbors } = this.native.searchKnn(Array.from(vector), n, filter);
    return neighbors.map((label, i) => ({ id: this.idOf[label]!, score: 1 - distances[i]! }));
  }
}
