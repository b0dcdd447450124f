import type { MirrorRun } from "@catalog/db";
import { redisKeys, type JobBus } from "@catalog/queue";

/** What the fence last recorded: a page of a run queued, or a run completed. */
type Mark = { run: string; previous: string | null; cursor: string | null } | { completedAt: string };

/**
 * Where the mirror's queued work is known to be in Redis. The mirror keeps its position in
 * PostgreSQL, but the work a page hands over lives in Redis, and Redis acknowledges a write
 * before it is on disk (appendfsync everysec, or no AOF at all): a Redis crash or a replaced
 * Redis can lose jobs whose page PostgreSQL already counts as done.
 *
 * So after each page's jobs are queued the mirror writes a mark to the same Redis, and before
 * it trusts a position from PostgreSQL it checks the mark. Redis applies and logs commands in
 * order, so a mark that survived means every job queued before it survived too; a mark that
 * is missing or older means work may be lost, and the mirror goes back (to the first page of
 * the run, or to a full pass) instead of past it. Going back costs a re-read of pages: the
 * hand-over skips what the catalog holds and deduplicates what is still queued.
 */
export class QueueFence {
  constructor(private readonly bus: JobBus) {}

  private get key(): string {
    return redisKeys(this.bus.prefix).mirrorFence;
  }

  /** Records that the run's pages up to `cursor` (from `previous`) are queued. */
  async pageQueued(run: MirrorRun, previous: string | null): Promise<void> {
    await this.write({ run: runId(run), previous, cursor: run.cursor });
  }

  /** Records that the run completed at `at` (the time PostgreSQL records as its last success). */
  async runCompleted(at: Date): Promise<void> {
    await this.write({ completedAt: at.toISOString() });
  }

  /**
   * Where an interrupted run may resume: its saved cursor when the mark confirms it (the mark
   * is written before the cursor is saved, so it may be one page ahead), the mark's cursor when
   * Redis lost the marks after it, the run's first page (null) when Redis has no mark of the run.
   */
  async confirmedCursor(run: MirrorRun): Promise<string | null> {
    if (run.cursor === null) return null;
    const mark = await this.read();
    if (!mark || !("run" in mark) || mark.run !== runId(run)) return null;
    return mark.cursor === run.cursor || mark.previous === run.cursor ? run.cursor : mark.cursor;
  }

  /** Whether the last completed run's work is still queued (or written): an incremental pass may follow. */
  async confirmsCompletion(at: Date): Promise<boolean> {
    const mark = await this.read();
    return !!mark && "completedAt" in mark && mark.completedAt === at.toISOString();
  }

  private async write(mark: Mark): Promise<void> {
    await this.bus.redis().set(this.key, JSON.stringify(mark));
  }

  private async read(): Promise<Mark | null> {
    const text = await this.bus.redis().get(this.key);
    if (!text) return null;
    try {
      return JSON.parse(text) as Mark;
    } catch {
      return null;
    }
  }
}

function runId(run: MirrorRun): string {
  return `${run.mode}@${run.startedAt.toISOString()}`;
}
