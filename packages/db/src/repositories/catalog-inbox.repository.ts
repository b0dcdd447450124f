import { Prisma, type PrismaClient } from "../prisma.js";

/** A catalog job whose payload only the job carries: kept in PostgreSQL until the catalog wrote it. */
export type InboxJob = { jobId: string; name: "upsert-version" | "import-tools"; data: unknown };

/**
 * The catalog's inbox: what the mirror and the operator import hand to the catalog (a version, a
 * tool list) is recorded here before its job is queued and removed once the catalog wrote it, so
 * PostgreSQL, not Redis, is the record of what the catalog still owes. Job ids are derived from
 * the content: recording the same hand-over twice keeps one row.
 */
export class CatalogInboxRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async record(jobs: readonly InboxJob[]): Promise<void> {
    if (jobs.length === 0) return;
    const rows = jobs.map((j) => Prisma.sql`(${j.jobId}, ${j.name}, ${JSON.stringify(j.data)}::json)`);
    await this.prisma.$executeRaw`
      INSERT INTO catalog_inbox (job_id, name, data) VALUES ${Prisma.join(rows)}
      ON CONFLICT (job_id) DO NOTHING`;
  }

  /** The catalog wrote the job's work (or found it already written). */
  async done(jobId: string): Promise<void> {
    await this.prisma.$executeRaw`DELETE FROM catalog_inbox WHERE job_id = ${jobId}`;
  }

  /** Jobs recorded before `before`, in job id order after `after`. */
  owed(before: Date, after: string, limit: number): Promise<InboxJob[]> {
    return this.prisma.$queryRaw<InboxJob[]>`
      SELECT job_id AS "jobId", name, data FROM catalog_inbox
      WHERE queued_at < ${before} AND job_id > ${after} ORDER BY job_id LIMIT ${limit}`;
  }

  async count(): Promise<number> {
    const [row] = await this.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM catalog_inbox`;
    return row?.n ?? 0;
  }
}
