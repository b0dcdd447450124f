import type { Tx } from "./catalog.repository.js";

/** The daily quality history: one row per server per UTC day; written only by the catalog. */
export class QualityHistoryRepository {
  /** Records the day's score unless the day has one already; true when it wrote the row. */
  async record(
    tx: Tx,
    serverName: string,
    day: string,
    score: number | null,
    label: string,
  ): Promise<boolean> {
    const written = await tx.$executeRaw`
      INSERT INTO quality_scores (server_name, day, score, label)
      VALUES (${serverName}, ${day}::date, ${score}, ${label})
      ON CONFLICT (server_name, day) DO NOTHING`;
    return written > 0;
  }
}
