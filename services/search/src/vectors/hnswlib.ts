import { createRequire } from "node:module";

/** hnswlib's search answer: labels and their distances (1 - inner product in the "ip" space). */
type Knn = { distances: number[]; neighbors: number[] };

export type NativeGraph = {
  initIndex(opts: { maxElements: number; m?: number; efConstruction?: number; randomSeed?: number }): void;
  resizeIndex(max: number): void;
  addPoint(point: number[], label: number): void;
  markDelete(label: number): void;
  searchKnn(query: number[], k: number, filter?: (label: number) => boolean): Knn;
  setEf(ef: number): void;
  getMaxElements(): number;
  readIndex(filename: string, allowReplaceDeleted?: boolean): Promise<boolean>;
  writeIndex(filename: string): Promise<boolean>;
};

export type NativeBruteforce = {
  initIndex(maxElements: number): void;
  addPoint(point: number[], label: number): void;
  removePoint(label: number): void;
  searchKnn(query: number[], k: number, filter?: (label: number) => boolean): Knn;
};

type HnswModule = {
  HierarchicalNSW: new (space: "ip", dims: number) => NativeGraph;
  BruteforceSearch: new (space: "ip", dims: number) => NativeBruteforce;
};

let loaded: HnswModule | null | undefined;

/**
 * hnswlib-node, an N-API binding of hnswlib (C++), built from its bundled sources at install
 * against the machine's Node headers: no download at install or run time. Loaded on first use;
 * undefined where it could not be built (exact search then stays in JavaScript).
 */
export function hnswlib(): HnswModule | undefined {
  if (loaded === undefined) {
    try {
      loaded = createRequire(import.meta.url)("hnswlib-node") as HnswModule;
    } catch {
      loaded = null;
    }
  }
  return loaded ?? undefined;
}
