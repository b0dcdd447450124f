import type { CatalogRepository, QualityHistoryRepository } from "@catalog/db";
import { stableJobId, type JobBus } from "@catalog/queue";
import type { DerivedService } from "../servers/derived.service.js";

const PAGE = 500;

/** The UTC day of a time, as YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The daily quality history. Once a day every server not deleted upstream is re-derived (trust
 * and quality depend on time: 30-day windows, new listings) and its score recorded for the UTC
 * day. One job per server and day (its id names both), and the day's first score stays: running
 * the job again the same day changes nothing.
 */
export class DailyScoresService {
  constructor(
    private readonly repo: CatalogRepository,
    private readonly history: QualityHistoryRepository,
    private readonly derived: DerivedService,
    private readonly bus: JobBus,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Queues the day's record-daily-score jobs; returns how many servers it covered. */
  async fanOut(day: string = utcDay(this.now())): Promise<number> {
    let after: string | null = null;
    let total = 0;
    for (;;) {
      const names = await this.repo.activeServerNames(after, PAGE);
      if (names.length === 0) return total;
      await this.bus.addBulk(
        "catalog",
        "record-daily-score",
        names.map((serverName) => ({
          data: { serverName, day },
          opts: { jobId: stableJobId("daily-score", day, serverName) },
        })),
      );
      total += names.length;
      after = names[names.length - 1]!;
    }
  }

  /** Re-derives the server and records its score for `day`; false when the day had one already. */
  async record(serverName: string, day: string): Promise<boolean> {
    return this.repo.withServerLock(serverName, async (tx) => {
      const outcome = await this.derived.refresh(tx, serverName);
      if (!outcome) return false;
      return this.history.record(tx, serverName, day, outcome.qualityScore, outcome.qualityLabel);
    });
  }
}
