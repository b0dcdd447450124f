import type { PrismaClient } from "../prisma.js";

/** A server owed an index job: its documents were built from another state than its current one. */
export type OwedIndex = { name: string; modifiedAt: Date };

/**
 * Which state of each server (its modified_at) its search documents were built from: written by
 * every index job, compared with the servers by the search service's reconciler, so that an index
 * job Redis lost is queued again. A deleted server owes the removal of what is indexed of it.
 */
export class SearchIndexStateRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async indexed(servers: readonly OwedIndex[]): Promise<void> {
    if (servers.length === 0) return;
    await this.prisma.$executeRaw`
      INSERT INTO search_index_state (server_name, modified_at)
      SELECT * FROM unnest(${servers.map((s) => s.name)}::text[], ${servers.map((s) => s.modifiedAt)}::timestamptz[])
      ON CONFLICT (server_name) DO UPDATE SET modified_at = EXCLUDED.modified_at`;
  }

  async removed(names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    await this.prisma
      .$executeRaw`DELETE FROM search_index_state WHERE server_name = ANY(${[...names]}::text[])`;
  }

  /**
   * Servers changed before `before` whose documents are of another state (or missing), and
   * deleted servers still indexed; in name order after `after`.
   */
  owed(before: Date, after: string, limit: number): Promise<OwedIndex[]> {
    return this.prisma.$queryRaw<OwedIndex[]>`
      SELECT s.name, s.modified_at AS "modifiedAt" FROM servers s
      LEFT JOIN search_index_state x ON x.server_name = s.name
      WHERE s.name > ${after} AND s.modified_at < ${before}
        AND ((s.status <> 'deleted' AND x.modified_at IS DISTINCT FROM s.modified_at)
          OR (s.status = 'deleted' AND x.server_name IS NOT NULL))
      ORDER BY s.name LIMIT ${limit}`;
  }
}
