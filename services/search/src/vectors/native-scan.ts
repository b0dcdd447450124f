import { hnswlib, type NativeBruteforce } from "./hnswlib.js";

/** Rows of the first native index; it is rebuilt twice as large when full. */
const FIRST_CAPACITY = 1024;

/**
 * An exact inner-product scan in hnswlib's brute-force index (C++), six to eight times faster
 * than a scan in JavaScript (docs/benchmarks.md, "Exact vector scan"). It mirrors the rows of an
 * ExactStore. Every vector gets a label never used before: hnswlib's `removePoint` keeps the
 * removed label in its map when the point sat in its last slot, so a label used again would be
 * taken for that stale entry and the new point would never be found.
 */
export class NativeScan {
  private index: NativeBruteforce;
  private capacity = FIRST_CAPACITY;
  private labelOfRow: number[] = [];
  private readonly rowOfLabel = new Map<number, number>();
  private nextLabel = 0;

  private constructor(
    private readonly lib: NonNullable<ReturnType<typeof hnswlib>>,
    private readonly dimensions: number,
  ) {
    this.index = this.fresh(FIRST_CAPACITY);
  }

  /** A scan of `dimensions`, or undefined where hnswlib-node is not built. */
  static create(dimensions: number): NativeScan | undefined {
    const lib = hnswlib();
    return lib ? new NativeScan(lib, dimensions) : undefined;
  }

  private fresh(capacity: number): NativeBruteforce {
    const index = new this.lib.BruteforceSearch("ip", this.dimensions);
    index.initIndex(capacity);
    return index;
  }

  /** Sets row `row` (an existing row, or the next one) to `vector`; `rows` reads every row for a rebuild. */
  set(row: number, vector: Float32Array, rows: (row: number) => Float32Array): void {
    const label = this.labelOfRow[row];
    if (label !== undefined) return this.index.addPoint(Array.from(vector), label);
    if (row >= this.capacity) return this.rebuild(this.capacity * 2, row + 1, rows);
    this.add(row, vector);
  }

  /** Removes row `row`; the store moved its last row `last` into it. */
  remove(row: number, last: number): void {
    const label = this.labelOfRow[row]!;
    this.index.removePoint(label);
    this.rowOfLabel.delete(label);
    if (row !== last) {
      const moved = this.labelOfRow[last]!;
      this.labelOfRow[row] = moved;
      this.rowOfLabel.set(moved, row);
    }
    this.labelOfRow.pop();
  }

  /**
   * The rows of the `k` largest inner products with `query`, best first. No filter: hnswlib's
   * filtered brute-force search skips allowed rows (see ExactStore.search).
   */
  search(query: Float32Array, k: number): { row: number; score: number }[] {
    const n = Math.min(k, this.labelOfRow.length);
    if (n === 0) return [];
    const { distances, neighbors } = this.index.searchKnn(Array.from(query), n);
    return neighbors.map((label, i) => ({ row: this.rowOfLabel.get(label)!, score: 1 - distances[i]! }));
  }

  private add(row: number, vector: Float32Array): void {
    const label = this.nextLabel++;
    this.index.addPoint(Array.from(vector), label);
    this.labelOfRow[row] = label;
    this.rowOfLabel.set(label, row);
  }

  private rebuild(capacity: number, count: number, rows: (row: number) => Float32Array): void {
    this.index = this.fresh(capacity);
    this.capacity = capacity;
    this.labelOfRow = [];
    this.rowOfLabel.clear();
    this.nextLabel = 0;
    for (let row = 0; row < count; row++) this.add(row, rows(row));
  }
}
