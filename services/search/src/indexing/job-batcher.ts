type Waiter<T> = { resolve: (outcome: T) => void; reject: (err: Error) => void };

/**
 * Index and embed jobs name one server each. Jobs that are running at the same time wait here
 * and are handled together, one batch at a time: the batch grows by itself while the previous
 * one runs, so a burst of jobs costs a few round trips and embedding calls per batch instead of
 * per server. Each job still completes or fails on its own (retries stay per server).
 */
export class JobBatcher<T> {
  private readonly waiting = new Map<string, Waiter<T>[]>();
  private draining = false;

  constructor(
    private readonly handle: (names: string[]) => Promise<Map<string, T>>,
    private readonly maxBatch: number,
  ) {}

  submit(serverName: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(serverName) ?? [];
      waiters.push({ resolve, reject });
      this.waiting.set(serverName, waiters);
      if (!this.draining) {
        this.draining = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Batches run one after another, so a server is never indexed twice at once. */
  private async drain(): Promise<void> {
    try {
      while (this.waiting.size > 0) {
        const batch = [...this.waiting].slice(0, this.maxBatch);
        for (const [name] of batch) this.waiting.delete(name);
        await this.run(batch);
      }
    } finally {
      this.draining = false;
    }
  }

  private async run(batch: [string, Waiter<T>[]][]): Promise<void> {
    try {
      const outcomes = await this.handle(batch.map(([name]) => name));
      for (const [name, waiters] of batch) for (const w of waiters) w.resolve(outcomes.get(name)!);
    } catch (err) {
      if (batch.length === 1) {
        for (const w of batch[0]![1]) w.reject(err as Error);
        return;
      }
      // One server that cannot be handled must not fail the others' jobs: retry them one by one.
      for (const entry of batch) await this.run([entry]);
    }
  }
}
