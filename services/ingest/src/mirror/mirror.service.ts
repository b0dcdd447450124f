import type { MirrorRun, MirrorStateRepository } from "@catalog/db";
import type { Logger } from "@catalog/observability";
import { officialMeta, type RegistryEntry } from "@catalog/registry";
import type { VersionHandOver } from "./hand-over.js";
import type { RegistrySource } from "./registry-source.js";

export type MirrorMode = "auto" | "incremental" | "full";

export type MirrorStats = { pages: number; seen: number; handedOver: number; unchanged: number };

export type MirrorOptions = {
  pageSize: number;
  /** A full pass this often catches upstream edits that did not move updatedAt. */
  fullEveryMs: number;
  now?: () => Date;
};

/**
 * One pass of the registry mirror. Pages through the source, hands every new or changed version
 * to the catalog as a job, and records its position after each page, so that an interrupted
 * pass resumes at the page it stopped on: versions are handed over at least once, and the
 * catalog's writes are idempotent, so nothing is lost and nothing is duplicated.
 */
export class MirrorService {
  private readonly now: () => Date;

  constructor(
    private readonly source: RegistrySource & { reset?: () => void },
    private readonly state: MirrorStateRepository,
    private readonly handOverService: VersionHandOver,
    private readonly log: Logger,
    private readonly options: MirrorOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async run(mode: MirrorMode = "auto"): Promise<MirrorStats> {
    this.source.reset?.();
    const current = await this.state.get();
    const run = current.run ?? this.newRun(mode, current.highWaterMark, current.lastFullAt);
    if (current.run) this.log.info({ mode: run.mode, cursor: run.cursor }, "resuming interrupted mirror run");
    else await this.state.saveRun(run);
    const stats: MirrorStats = { pages: 0, seen: 0, handedOver: 0, unchanged: 0 };
    try {
      for (;;) {
        const page = await this.source.list({
          cursor: run.cursor ?? undefined,
          limit: this.options.pageSize,
          updatedSince: run.since ?? undefined,
          includeDeleted: true,
        });
        await this.handOver(page.entries, stats);
        run.maxUpdated = maxUpdated(run.maxUpdated, page.entries);
        run.cursor = page.nextCursor ?? null;
        await this.state.saveRun(run);
        if (!page.nextCursor) break;
      }
    } catch (err) {
      await this.state.recordError((err as Error).message);
      throw err;
    }
    await this.state.completeRun(run, stats, this.now());
    this.log.info({ mode: run.mode, source: this.source.description, ...stats }, "mirror run complete");
    return stats;
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
    const result = await this.handOverService.handOver(entries, "mirror");
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
