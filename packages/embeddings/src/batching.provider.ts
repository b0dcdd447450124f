import type { BatchObserver, EmbeddingProvider } from "./provider.js";

type Pending = { text: string; resolve: (v: Float32Array) => void; reject: (err: Error) => void };

/**
 * Coalesces concurrent embed calls (index jobs of many servers, simultaneous queries) into
 * batches: a model embeds a batch of 64 texts at several times the rate of single texts.
 */
export class BatchingProvider implements EmbeddingProvider {
  private queue: Pending[] = [];
  private running = false;

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

  embed(texts: readonly string[]): Promise<Float32Array[]> {
    const all = Promise.all(
      texts.map(
        (text) => new Promise<Float32Array>((resolve, reject) => this.queue.push({ text, resolve, reject })),
      ),
    );
    if (!this.running) setImmediate(() => void this.drain());
    return all;
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
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
    } finally {
      this.running = false;
    }
  }

  close(): Promise<void> {
    return this.inner.close?.() ?? Promise.resolve();
  }
}
