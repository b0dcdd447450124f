import type { PrismaClient } from "../prisma.js";

/** A count of requests by one account on one UTC day for one operation. */
export type UsageCount = { accountId: string; day: string; operation: string; count: number };

/** Per-account usage, per UTC day (YYYY-MM-DD) and operation. */
export class UsageRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Raises stored counts to the given totals. Writers send running totals, not increments, so
   * writing the same total twice (a retried or concurrent flush) changes nothing. Counts of
   * accounts deleted meanwhile are dropped.
   */
  async raiseTo(counts: UsageCount[]): Promise<void> {
    if (counts.length === 0) return;
    await this.prisma.$executeRaw`
      INSERT INTO usage_counters (account_id, day, operation, count)
      SELECT u.account_id, u.day, u.operation, u.count
      FROM unnest(${counts.map((c) => c.accountId)}::text[], ${counts.map((c) => c.day)}::date[],
                  ${counts.map((c) => c.operation)}::text[], ${counts.map((c) => c.count)}::int[])
           AS u(account_id, day, operation, count)
      WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = u.account_id)
      ON CONFLICT (account_id, day, operation)
      DO UPDATE SET count = GREATEST(usage_counters.count, excluded.count)`;
  }

  /** Counts of one account from `fromDay` to `toDay` inclusive. */
  async range(accountId: string, fromDay: string, toDay: string): Promise<UsageCount[]> {
    const rows = await this.prisma.$queryRaw<{ day: string; operation: string; count: number }[]>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, operation, count
      FROM usage_counters
      WHERE account_id = ${accountId} AND day BETWEEN ${fromDay}::date AND ${toDay}::date
      ORDER BY day, operation`;
    return rows.map((r) => ({ accountId, ...r }));
  }
}
