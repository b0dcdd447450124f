import { NativeScan } from "./native-scan.js";
import type { VectorHit, VectorPoint } from "./vector-index.js";

type Meta = { id: string; serverName: string; toolName: string | null };

/**
 * Unit vectors of one kind in one contiguous Float32Array; exact search is a scan of dot
 * products, in hnswlib's native brute-force index where hnswlib-node is built (NativeScan), in
 * JavaScript otherwise. The Float32Array stays the source of truth: graphs are built from it
 * and vectors are read back from it.
 */
export class ExactStore {
  private matrix: Float32Array;
  private meta: Meta[] = [];
  private readonly rowOf = new Map<string, number>();
  private readonly native: NativeScan | undefined;

  constructor(
    readonly dimensions: number,
    /** Whether to scan natively when hnswlib-node is built (tests and benchmarks compare both). */
    useNative = true,
  ) {
    this.matrix = new Float32Array(dimensions * 1024);
    this.native = useNative ? NativeScan.create(dimensions) : undefined;
  }

  private row(row: number): Float32Array {
    return this.matrix.subarray(row * this.dimensions, (row + 1) * this.dimensions);
  }

  get size(): number {
    return this.meta.length;
  }

  has(id: string): boolean {
    return this.rowOf.has(id);
  }

  vector(id: string): Float32Array | undefined {
    const row = this.rowOf.get(id);
    return row === undefined ? undefined : this.row(row);
  }

  metaOf(id: string): Meta | undefined {
    const row = this.rowOf.get(id);
    return row === undefined ? undefined : this.meta[row];
  }

  ids(): string[] {
    return this.meta.map((m) => m.id);
  }

  upsert(point: VectorPoint): void {
    if (point.vector.length !== this.dimensions)
      throw new Error(`vector of ${point.vector.length} dimensions in an index of ${this.dimensions}`);
    let row = this.rowOf.get(point.id);
    if (row === undefined) {
      row = this.meta.length;
      if ((row + 1) * this.dimensions > this.matrix.length) {
        const grown = new Float32Array(this.matrix.length * 2);
        grown.set(this.matrix);
        this.matrix = grown;
      }
      this.rowOf.set(point.id, row);
      this.meta.push({ id: point.id, serverName: point.serverName, toolName: point.toolName });
    } else {
      this.meta[row] = { id: point.id, serverName: point.serverName, toolName: point.toolName };
    }
    this.matrix.set(point.vector, row * this.dimensions);
    this.native?.set(row, point.vector);
  }

  /** Removes by moving the last row into the hole. */
  remove(id: string): void {
    const row = this.rowOf.get(id);
    if (row === undefined) return;
    const last = this.meta.length - 1;
    this.native?.remove(row, last);
    if (row !== last) {
      const moved = this.meta[last]!;
      this.matrix.copyWithin(row * this.dimensions, last * this.dimensions, (last + 1) * this.dimensions);
      this.meta[row] = moved;
      this.rowOf.set(moved.id, row);
    }
    this.meta.pop();
    this.rowOf.delete(id);
  }

  search(query: Float32Array, k: number, allow?: ReadonlySet<string>): VectorHit[] {
    // hnswlib's filtered brute-force search is not exact: while it holds fewer than k rows it
    // skips an allowed row farther than the worst it holds (bruteforce.h, searchKnn), so a
    // filtered search lost allowed servers depending on the order of the rows. Filtered scans
    // run here, scoring only the allowed rows.
    if (!this.native || allow) return this.scan(query, k, allow);
    return this.native.search(query, k).map(({ row, score }) => ({ ...this.meta[row]!, score }));
  }

  /**
   * The `k` nearest of the named vectors, exactly: a few servers' vectors, however many the store
   * holds. Only the `k` best become hits.
   */
  searchIds(query: Float32Array, k: number, ids: Iterable<string>): VectorHit[] {
    return this.nearest(query, k, this.rowsOf(ids));
  }

  /** The scan in JavaScript. */
  private scan(query: Float32Array, k: number, allow?: ReadonlySet<string>): VectorHit[] {
    return this.nearest(query, k, this.rows(allow));
  }

  private *rows(allow?: ReadonlySet<string>): Iterable<number> {
    for (let row = 0; row < this.meta.length; row++)
      if (!allow || allow.has(this.meta[row]!.serverName)) yield row;
  }

  private *rowsOf(ids: Iterable<string>): Iterable<number> {
    for (const id of ids) {
      const row = this.rowOf.get(id);
      if (row !== undefined) yield row;
    }
  }

  /** The rows' dot products with `query`, keeping the `k` best in order as it goes. */
  private nearest(query: Float32Array, k: number, rows: Iterable<number>): VectorHit[] {
    const d = this.dimensions;
    const top: { row: number; score: number }[] = [];
    for (const row of rows) {
      let score = 0;
      const base = row * d;
      for (let i = 0; i < d; i++) score += this.matrix[base + i]! * query[i]!;
      if (top.length < k) {
        top.push({ row, score });
        if (top.length === k) top.sort((a, b) => b.score - a.score);
      } else if (score > top[k - 1]!.score) {
        let at = k - 1;
        while (at > 0 && top[at - 1]!.score < score) at--;
        top.splice(at, 0, { row, score });
        top.pop();
      }
    }
    return top.sort((a, b) => b.score - a.score).map(({ row, score }) => ({ ...this.meta[row]!, score }));
  }
}
