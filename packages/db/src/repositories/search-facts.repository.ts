import type { ConnectionClassId } from "@catalog/contracts";
import type { Database } from "../database.js";

/**
 * A server's facts as the servers table holds them. Search's ServerFacts (@catalog/search-core) is
 * built from this row, its quality label derived from the score; it stays a type of its own since
 * db does not depend on search-core, nor search-core (pure ranking logic) on db.
 */
export type ServerFactsRow = {
  name: string;
  title: string | null;
  description: string;
  connectionClass: ConnectionClassId;
  autonomous: boolean;
  humanSteps: string[];
  categories: string[];
  trustScore: number;
  trustFlags: string[];
  qualityScore: number | null;
  qualityLabel: string;
  toolCount: number;
  toolTokens: number | null;
  transports: string[];
  access: string[];
};

/** What a query answers with besides the indexes: the servers' facts and the tools' descriptions. */
export class SearchFactsRepository {
  constructor(private readonly db: Database) {}

  /**
   * The facts search filters and answers with, for indexed servers (all, or the named ones).
   * Read on the pool: the whole catalog is reloaded every few seconds by every search replica.
   */
  async serverFacts(names?: readonly string[]): Promise<ServerFactsRow[]> {
    const { rows } = await this.db.pool.query<ServerFactsRow>(
      `SELECT s.name, s.title, s.description, s.connection_class::text AS "connectionClass", s.autonomous,
         coalesce(s.human_steps, '{}') AS "humanSteps", coalesce(s.categories, '{}') AS categories,
         s.trust_score AS "trustScore", coalesce(s.trust_flags, '{}') AS "trustFlags",
         s.quality_score AS "qualityScore", s.quality_label AS "qualityLabel", s.tool_count AS "toolCount",
         s.tool_tokens AS "toolTokens", coalesce(d.transports, '{}') AS transports,
         s.access_classes AS access
       FROM servers s JOIN search_documents d ON d.id = 's:' || s.name
       WHERE s.status <> 'deleted' AND ($1::text[] IS NULL OR s.name = ANY($1::text[]))`,
      [names ? [...names] : null],
    );
    return rows;
  }

  /** Descriptions of documents by id (tool descriptions for matched_tools). */
  async descriptions(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.db.pool.query<{ id: string; body: string }>({
      name: "search-descriptions",
      text: "SELECT id, body FROM search_documents WHERE id = ANY($1::text[])",
      values: [[...ids]],
    });
    return new Map(rows.map((r) => [r.id, r.body]));
  }
}
