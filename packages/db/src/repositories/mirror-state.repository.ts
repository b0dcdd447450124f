import type { PrismaClient } from "../prisma.js";

export type MirrorRun = {
  mode: "full" | "incremental";
  since: Date | null;
  cursor: string | null;
  maxUpdated: Date | null;
  startedAt: Date;
};

export type MirrorStateView = {
  highWaterMark: Date | null;
  lastSuccessAt: Date | null;
  lastFullAt: Date | null;
  run: MirrorRun | null;
};

/** Progress of the registry mirror; only the ingest service writes it. */
export class MirrorStateRepository {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly source = "upstream",
  ) {}

  async get(): Promise<MirrorStateView> {
    const row = await this.prisma.mirrorState.findUnique({ where: { source: this.source } });
    const run: MirrorRun | null =
      row?.runMode && row.runStartedAt
        ? {
            mode: row.runMode === "full" ? "full" : "incremental",
            since: row.runSince,
            cursor: row.runCursor,
            maxUpdated: row.runMaxUpdated,
            startedAt: row.runStartedAt,
          }
        : null;
    return {
      highWaterMark: row?.highWaterMark ?? null,
      lastSuccessAt: row?.lastSuccessAt ?? null,
      lastFullAt: row?.lastFullAt ?? null,
      run,
    };
  }

  /** Records the run's position after a page's jobs are safely queued. */
  async saveRun(run: MirrorRun): Promise<void> {
    const data = {
      runMode: run.mode,
      runSince: run.since,
      runCursor: run.cursor,
      runMaxUpdated: run.maxUpdated,
      runStartedAt: run.startedAt,
    };
    await this.prisma.mirrorState.upsert({
      where: { source: this.source },
      create: { source: this.source, ...data },
      update: data,
    });
  }

  async completeRun(run: MirrorRun, stats: Record<string, number>, now: Date): Promise<void> {
    const state = await this.get();
    const highWaterMark =
      run.maxUpdated && (!state.highWaterMark || run.maxUpdated > state.highWaterMark)
        ? run.maxUpdated
        : state.highWaterMark;
    await this.prisma.mirrorState.update({
      where: { source: this.source },
      data: {
        highWaterMark,
        runMode: null,
        runSince: null,
        runCursor: null,
        runMaxUpdated: null,
        runStartedAt: null,
        lastSuccessAt: now,
        ...(run.mode === "full" ? { lastFullAt: now } : {}),
        lastError: null,
        lastStats: stats,
      },
    });
  }

  async recordError(message: string): Promise<void> {
    await this.prisma.mirrorState.upsert({
      where: { source: this.source },
      create: { source: this.source, lastError: message },
      update: { lastError: message },
    });
  }
}
