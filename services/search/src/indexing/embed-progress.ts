import type { SearchRepository } from "@catalog/db";
import type { Logger, Metrics } from "@catalog/observability";

/**
 * How far meaning is behind the keyword index: the texts without a vector under the loaded
 * model, counted every `everyMs` once the model is loaded (the metric
 * catalog_search_vectors_pending, `vectors_pending` in /healthz: null before the first count),
 * and a log line while any are owed, with this replica's rate since the last count.
 */
export class EmbedProgress {
  pending: number | null = null;
  private done = 0;
  private doneAtCount = 0;
  private countedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private model: string | undefined;

  constructor(
    private readonly repo: Pick<SearchRepository, "countUnembedded">,
    private readonly log: Pick<Logger, "info" | "warn">,
    private readonly metrics?: Metrics,
  ) {}

  /** This replica embedded `texts` more texts. */
  embedded(texts: number): void {
    this.done += texts;
  }

  start(model: string, everyMs: number): void {
    this.model = model;
    const tick = () =>
      void this.count().catch((err: Error) => this.log.warn({ err: err.message }, "vectors count failed"));
    tick();
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Counts now (null before the model is loaded), updating the metric, /healthz and the log. */
  async count(): Promise<number | null> {
    if (this.model === undefined) return null;
    const before = this.pending;
    const pending = await this.repo.countUnembedded(this.model);
    const now = Date.now();
    const seconds = (now - this.countedAt) / 1000;
    const perSecond = this.countedAt > 0 ? Math.round((this.done - this.doneAtCount) / seconds) : undefined;
    this.pending = pending;
    this.countedAt = now;
    this.doneAtCount = this.done;
    this.metrics?.searchVectorsPending.set(pending);
    if (pending > 0)
      this.log.info({ pending, embedded: this.done, perSecond }, "texts awaiting their vectors");
    else if ((before ?? 0) > 0) this.log.info({ embedded: this.done }, "every text has its vector");
    return pending;
  }
}
