import type { BatchObserver, EmbeddingProvider, EmbedOptions } from "./provider.js";

type Pending = {
  text: string;
  resolve: (v: Float32Array) => void;
  reject: (err: Error) => void;
  signal?: AbortSignal;
};

/**
 * Batches' worth of waiting texts put in order of length at a time. The local model pads every
 * text of a batch to the longest one: batches of similar lengths embed about 1.5 times as fast
 * (`pnpm --filter @catalog/bench run embedding-order`, docs/benchmarks.md); to other models the
 * order is indifferent. A window, not the whole queue: a long text waits at most for the window
 * it is in (512 texts, about 6 s of the local model on two threads), never behind later ones.
 */
const SORTED_WINDOW = 64;

/**
 * Coalesces concurrent embed calls (index jobs of many servers, simultaneous queries) into
 * batches: a model embeds a batch of 64 texts at several times the rate of single texts.
 */
export class BatchingProvider implements EmbeddingProvider {
  private queue: Pending[] = [];
  /** Urgent texts at the head of the queue. */
  private urgentCount = 0;
  /** Texts taken from the queue's window, by length, to be embedded after any urgent ones. */
  private staged: Pending[] = [];
  /** Lanes open: each embeds one batch at a time. */
  private lanes = 0;
  /** Lanes embedding a batch now. */
  private busy = 0;

  constructor(
    private readonly inner: EmbeddingProvider,
    private readonly maxBatch: number,
    private readonly observe?: BatchObserver,
  ) {}

  get model(): string {
    return this.inner.model;
  }

  get dimensions(): number {
    return this.inner.dimensions;
  }

  /**
   * `urgent` texts (a query someone waits for) go ahead of those already queued, so a search
   * never waits behind the thousand texts of an index batch, only behind the batch being embedded.
   */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]> {
    const signal = options?.signal;
    const pending = texts.map(
      (text) =>
        new Promise<Float32Array>((resolve, reject) =>
          this.enqueue({ text, resolve, reject, signal }, options),
        ),
    );
    const all = Promise.all(pending);
    this.openLanes();
    return all;
  }

  private enqueue(item: Pending, options?: EmbedOptions): void {
    if (options?.urgent) this.queue.splice(this.urgentCount++, 0, item);
    else this.queue.push(item);
  }

  /**
   * One lane per batch the provider embeds at once (one per model thread), each taking the next
   * batch as soon as its own is done: texts that arrive while one thread embeds go to the other
   * at once instead of waiting for the whole round. Opened on the next turn of the event loop,
   * so that the calls of one turn share a batch.
   */
  private openLanes(): void {
    for (; this.lanes < (this.inner.parallelism ?? 1); this.lanes++) setImmediate(() => void this.lane());
  }

  private async lane(): Promise<void> {
    try {
      while (this.queue.length > 0 || this.staged.length > 0) {
        // A share of what waits per idle lane: sixteen queries go eight to each of two threads,
        // not sixteen to one while the other idles; a backlog goes in full batches.
        const idle = Math.max(1, this.lanes - this.busy);
        const waiting = this.queue.length + this.staged.length;
        const taken = this.take(Math.min(this.maxBatch, Math.ceil(waiting / idle)));
        // A query answered without its vector (past its wait) is not embedded for nobody.
        const batch = taken.filter((p) => !p.signal?.aborted);
        for (const p of taken) if (p.signal?.aborted) p.reject(new Error("embedding no longer wanted"));
        if (batch.length === 0) continue;
        this.busy++;
        await this.embedBatch(batch).finally(() => this.busy--);
      }
    } finally {
      this.lanes--;
    }
  }

  private async embedBatch(batch: Pending[]): Promise<void> {
    try {
      const started = performance.now();
      const vectors = await this.inner.embed(batch.map((p) => p.text));
      this.observe?.({
        model: this.model,
        texts: batch.length,
        seconds: (performance.now() - started) / 1000,
      });
      batch.forEach((p, i) => p.resolve(vectors[i]!));
    } catch (err) {
      for (const p of batch) p.reject(err as Error);
    }
  }

  /** The next `size` texts: urgent ones first, then the staged ones (a new window when none are left). */
  private take(size: number): Pending[] {
    const urgent = this.queue.splice(0, Math.min(this.urgentCount, size));
    this.urgentCount -= urgent.length;
    if (this.staged.length === 0)
      this.staged = this.queue
        .splice(this.urgentCount, size * SORTED_WINDOW)
        .sort((a, b) => a.text.length - b.text.length);
    return [...urgent, ...this.staged.splice(0, size - urgent.length)];
  }

  close(): Promise<void> {
    return this.inner.close?.() ?? Promise.resolve();
  }
}
