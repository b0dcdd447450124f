import type { MirrorRun, MirrorStateRepository } from "@catalog/db";
import type { Logger } from "@catalog/observability";
import { officialMeta, type RegistryEntry } from "@catalog/registry";
import type { QueueFence } from "./fence.js";
import type { CatalogHandOver } from "./hand-over.js";
import type { InvalidEntry, RegistrySource } from "./registry-source.js";

export type MirrorMode = "auto" | "incremental" | "full";

export type MirrorStats = {
  pages: number;
  seen: number;
  handedOver: number;
  unchanged: number;
  invalid: number;
};

export type MirrorOptions = {
  pageSize: number;
  /** A full pass this often catches upstream edits that did not move updatedAt. */
  fullEveryMs: number;
  now?: () => Date;
  /** Confirms that queued work survived in Redis before a saved position is trusted (see fence.ts). */
  fence?: QueueFence;
  /** Told of each upstream entry that failed validation and was skipped (a metric). */
  onInvalid?: (entry: InvalidEntry) => void;
  /** Told after each page with the run's counts so far (progress in logs and metrics). */
  onPage?: (stats: MirrorStats) => void;
};

/**
 * One pass of the registry mirror. Pages through the source, hands every new or changed version
 * to the catalog as a job, and records its position after each page, once that page's jobs are
 * queued, so that an interrupted pass resumes at the page it stopped on: versions are handed
 * over at least once, and the catalog's writes are idempotent, so nothing is lost and nothing
 * is duplicated. A position whose queued work Redis no longer holds is not trusted (the fence).
 * An entry that fails validation is skipped, logged and counted; the rest of its page goes on.
 */
export class MirrorService {
  private readonly now: () => Date;
  private passes = 0;

  constructor(
    private readonly source: RegistrySource & { reset?: () => void },
    private readonly state: MirrorStateRepository,
    private readonly handOverService: CatalogHandOver,
    private readonly log: Logger,
    private readonly options: MirrorOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Whether this process is running a pass now. */
  get running(): boolean {
    return this.passes > 0;
  }

  async run(mode: MirrorMode = "auto"): Promise<MirrorStats> {
    this.passes++;
    try {
      return await this.pass(mode);
    } finally {
      this.passes--;
    }
  }

  private async pass(mode: MirrorMode): Promise<MirrorStats> {
    this.source.reset?.();
    const run = await this.startOrResume(mode);
    const stats: MirrorStats = { pages: 0, seen: 0, handedOver: 0, unchanged: 0, invalid: 0 };
    try {
      for (;;) {
        const page = await this.source.list({
          cursor: run.cursor ?? undefined,
          limit: this.options.pageSize,
          updatedSince: run.since ?? undefined,
          includeDeleted: true,
        });
        this.skipInvalid(page.invalid ?? [], stats);
        await this.handOver(page.entries, stats);
        this.options.onPage?.(stats);
        run.maxUpdated = maxUpdated(run.maxUpdated, page.entries);
        if (!page.nextCursor) break;
        // The page's jobs are queued (handOver returned): only now may the position move past it.
        const previous = run.cursor;
        run.cursor = page.nextCursor;
        await this.options.fence?.pageQueued(run, previous);
        await this.state.saveRun(run);
      }
    } catch (err) {
      await this.state.recordError((err as Error).message).catch(() => undefined);
      throw err;
    }
    const finishedAt = this.now();
    await this.options.fence?.runCompleted(finishedAt);
    await this.state.completeRun(run, stats, finishedAt);
    this.log.info({ mode: run.mode, source: this.source.description, ...stats }, "mirror run complete");
    return stats;
  }

  /**
   * The interrupted run, from the last position whose work Redis still holds; or a new run,
   * full when the last completed run's work is not confirmed in Redis.
   */
  private async startOrResume(mode: MirrorMode): Promise<MirrorRun> {
    const current = await this.state.get();
    const fence = this.options.fence;
    if (current.run) {
      const run = current.run;
      const confirmed = fence ? await fence.confirmedCursor(run) : run.cursor;
      if (confirmed !== run.cursor) {
        this.log.warn(
          { mode: run.mode, saved: run.cursor, resumeAt: confirmed },
          "queued work of the interrupted mirror run is not all in Redis; resuming at the last confirmed page",
        );
        run.cursor = confirmed;
        await this.state.saveRun(run);
      } else {
        this.log.info({ mode: run.mode, cursor: run.cursor }, "resuming interrupted mirror run");
      }
      return run;
    }
    let requested = mode;
    if (fence && current.lastSuccessAt && !(await fence.confirmsCompletion(current.lastSuccessAt))) {
      this.log.warn(
        { lastSuccessAt: current.lastSuccessAt },
        "queued work of the last mirror run is not confirmed in Redis; running a full pass",
      );
      requested = "full";
    }
    const run = this.newRun(requested, current.highWaterMark, current.lastFullAt);
    await this.state.saveRun(run);
    return run;
  }

  private skipInvalid(invalid: readonly InvalidEntry[], stats: MirrorStats): void {
    for (const entry of invalid) {
      stats.invalid++;
      this.log.warn({ source: this.source.description, ...entry }, "skipped invalid upstream entry");
      this.options.onInvalid?.(entry);
    }
  }

  private newRun(mode: MirrorMode, highWaterMark: Date | null, lastFullAt: Date | null): MirrorRun {
    const fullDue = !lastFullAt || this.now().getTime() - lastFullAt.getTime() >= this.options.fullEveryMs;
    const full = mode === "full" || !highWaterMark || (mode === "auto" && fullDue);
    return {
      mode: full ? "full" : "incremental",
      since: full ? null : highWaterMark,
      cursor: null,
      maxUpdated: null,
      startedAt: this.now(),
    };
  }

  private async handOver(entries: RegistryEntry[], stats: MirrorStats): Promise<void> {
    const result = await this.handOverService.versions(entries, "mirror");
    stats.pages++;
    stats.seen += entries.length;
    stats.handedOver += result.handedOver;
    stats.unchanged += result.unchanged;
  }
}

function maxUpdated(current: Date | null, entries: RegistryEntry[]): Date | null {
  let max = current;
  for (const entry of entries) {
    const updated = new Date(officialMeta(entry).updatedAt);
    if (!max || updated > max) max = updated;
  }
  return max;
}
