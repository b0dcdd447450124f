type Entry<T> = { item: T; score: number; key?: string; keyOf: () => string };

/**
 * The k best items by score, ties broken by a key (smaller first) that is computed only when a
 * tie has to be decided: a bounded min-heap, O(n log k) for n offers.
 */
export class TopK<T> {
  private readonly heap: Entry<T>[] = [];

  constructor(private readonly k: number) {}

  offer(item: T, score: number, keyOf: () => string): void {
    if (this.k <= 0) return;
    // Most offers lose to the current k-th: decided before anything is allocated.
    if (this.heap.length === this.k && score < this.heap[0]!.score) return;
    const entry: Entry<T> = { item, score, keyOf };
    if (this.heap.length < this.k) {
      this.heap.push(entry);
      this.up(this.heap.length - 1);
    } else if (worse(this.heap[0]!, entry)) {
      this.heap[0] = entry;
      this.down(0);
    }
  }

  /** Whether an offer of this score could be kept. */
  admits(score: number): boolean {
    return this.k > 0 && (this.heap.length < this.k || score >= this.heap[0]!.score);
  }

  /** Best first. */
  sorted(): { item: T; score: number }[] {
    return [...this.heap]
      .sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0))
      .map(({ item, score }) => ({ item, score }));
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(this.heap[i]!, this.heap[parent]!)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.heap.length && worse(this.heap[l]!, this.heap[m]!)) m = l;
      if (r < this.heap.length && worse(this.heap[r]!, this.heap[m]!)) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }

  private swap(a: number, b: number): void {
    const t = this.heap[a]!;
    this.heap[a] = this.heap[b]!;
    this.heap[b] = t;
  }
}

/** Whether `a` ranks below `b`: a lower score, or an equal score and a larger key. */
function worse<T>(a: Entry<T>, b: Entry<T>): boolean {
  if (a.score !== b.score) return a.score < b.score;
  return key(a) > key(b);
}

function key<T>(e: Entry<T>): string {
  return (e.key ??= e.keyOf());
}
