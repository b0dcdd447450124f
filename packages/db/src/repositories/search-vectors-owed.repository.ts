import type { Database } from "../database.js";

/**
 * The texts still without a vector under a model: what the embed jobs owe. Read by the search
 * service's reconciler (which servers to queue) and its progress count.
 */
export class SearchVectorsOwedRepository {
  constructor(private readonly db: Database) {}

  /**
   * Servers having a document whose text has no vector under `model` yet, with those texts'
   * hashes, in name order after `after` (keyset paging): the embedding a server is owed.
   */
  async unembeddedServers(
    model: string,
    after: string,
    limit: number,
  ): Promise<{ name: string; embedHashes: string[] }[]> {
    const rows = await this.db.prisma.$queryRaw<{ server_name: string; hashes: string[] }[]>`
      SELECT d.server_name, array_agg(DISTINCT d.embed_hash ORDER BY d.embed_hash) AS hashes
      FROM search_documents d
      WHERE d.server_name > ${after} AND d.embed_hash <> '' AND NOT EXISTS (
        SELECT 1 FROM embeddings e WHERE e.model = ${model} AND e.content_hash = d.embed_hash)
      GROUP BY d.server_name ORDER BY d.server_name LIMIT ${limit}`;
    return rows.map((r) => ({ name: r.server_name, embedHashes: r.hashes }));
  }

  /** How many distinct texts have no vector of this model yet. */
  async countUnembedded(model: string): Promise<number> {
    const [row] = await this.db.prisma.$queryRaw<{ n: number }[]>`
      SELECT count(DISTINCT d.embed_hash)::int AS n
      FROM search_documents d
      WHERE d.embed_hash <> '' AND NOT EXISTS (
        SELECT 1 FROM embeddings e WHERE e.model = ${model} AND e.content_hash = d.embed_hash)`;
    return row?.n ?? 0;
  }
}
