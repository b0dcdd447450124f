import { hnswlib, type NativeBruteforce } from "./hnswlib.js";

/** Rows of the first native segment; each later one holds twice as many as the one before. */
const FIRST_CAPACITY = 1024;

/** One native brute-force index and how many of its rows are taken. */
type Segment = { index: NativeBruteforce; capacity: number; size: number };

/**
 * An exact inner-product scan in hnswlib's brute-force index (C++), six to eight times faster
 * than a scan in JavaScript (docs/benchmarks.md, "Exact vector scan"). It mirrors the rows of an
 * ExactStore. hnswlib's brute-force index cannot grow, so rows go into segments of doubling size
 * and a search merges theirs: growing by rebuilding added every row again at each doubling,
 * half of a full-size start (250,000 tool vectors). Every vector gets a label never used
 * before: hnswlib's `removePoint` keeps the removed label in its map when the point sat in its
 * last slot, so a label used again would be taken for that stale entry and the new point would
 * never be found.
 */
export class NativeScan {
  private readonly segments: Segment[] = [];
  private readonly labelOfRow: number[] = [];
  private readonly rowOfLabel = new Map<number, number>();
  private readonly segmentOfLabel = new Map<number, Segment>();
  private nextLabel = 0;

  private constructor(
    private readonly lib: NonNullable<ReturnType<typeof hnswlib>>,
    private readonly dimensions: number,
  ) {}

  /** A scan of `dimensions`, or undefined where hnswlib-node is not built. */
  static create(dimensions: number): NativeScan | undefined {
    const lib = hnswlib();
    return lib ? new NativeScan(lib, dimensions) : undefined;
  }

  /** Sets row `row` (an existing row, or the next one) to `vector`. */
  set(row: number, vector: Float32Array): void {
    const label = this.labelOfRow[row];
    if (label !== undefined) return this.segmentOfLabel.get(label)!.index.addPoint(Array.from(vector), label);
    const segment = this.withRoom();
    const fresh = this.nextLabel++;
    segment.index.addPoint(Array.from(vector), fresh);
    segment.size++;
    this.labelOfRow[row] = fresh;
    this.rowOfLabel.set(fresh, row);
    this.segmentOfLabel.set(fresh, segment);
  }

  /** Removes row `row`; the store moved its last row `last` into it. */
  remove(row: number, last: number): void {
    const label = this.labelOfRow[row]!;
    const segment = this.segmentOfLabel.get(label)!;
    segment.index.removePoint(label);
    segment.size--;
    this.rowOfLabel.delete(label);
    this.segmentOfLabel.delete(label);
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
    const q = Array.from(query);
    const hits: { row: number; score: number }[] = [];
    for (const { index, size } of this.segments) {
      if (size === 0) continue;
      const { distances, neighbors } = index.searchKnn(q, Math.min(k, size));
      neighbors.forEach((label, i) =>
        hits.push({ row: this.rowOfLabel.get(label)!, score: 1 - distances[i]! }),
      );
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, k);
  }

  /** A segment with a free row (removals free rows in earlier ones), else a new, larger one. */
  private withRoom(): Segment {
    const free = this.segments.find((s) => s.size < s.capacity);
    if (free) return free;
    const capacity = FIRST_CAPACITY * 2 ** this.segments.length;
    const index = new this.lib.BruteforceSearch("ip", this.dimensions);
    index.initIndex(capacity);
    const segment = { index, capacity, size: 0 };
    this.segments.push(segment);
    return segment;
  }
}
