import type { Database } from "../database.js";

export type ServerFactsRow = {
  name: string;
  title: string | null;
  description: string;
  connectionClass: "R0" | "R1" | "R2" | "L0" | "unknown";
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
};

type ServerFactsDbRow = {
  name: string;
  title: string | null;
  description: string;
  connection_class: ServerFactsRow["connectionClass"];
  autonomous: boolean;
  human_steps: string[] | null;
  categories: string[] | null;
  trust_score: number;
  trust_flags: string[] | null;
  quality_score: number | null;
  quality_label: string;
  tool_count: number;
  tool_tokens: number | null;
  transports: string[] | null;
};

function toServerFacts(r: ServerFactsDbRow): ServerFactsRow {
  return {
    name: r.name,
    title: r.title,
    description: r.description,
    connectionClass: r.connection_class,
    autonomous: r.autonomous,
    humanSteps: r.human_steps ?? [],
    categories: r.categories ?? [],
    trustScore: r.trust_score,
    trustFlags: r.trust_flags ?? [],
    qualityScore: r.quality_score,
    qualityLabel: r.quality_label,
    toolCount: r.tool_count,
    toolTokens: r.tool_tokens,
    transports: r.transports ?? [],
  };
}

/** What a query answers with besides the indexes: the servers' facts and the tools' descriptions. */
export class SearchFactsRepository {
  constructor(private readonly db: Database) {}

  /**
   * The facts search filters and answers with, for indexed servers (all, or the named ones).
   * Read on the pool: the whole catalog is reloaded every few seconds by every search replica.
   */
  async serverFacts(names?: readonly string[]): Promise<ServerFactsRow[]> {
    const { rows } = await this.db.pool.query<ServerFactsDbRow>(
      `SELECT s.name, s.title, s.description, s.connection_class::text AS connection_class, s.autonomous,
         s.human_steps, s.categories, s.trust_score, s.trust_flags, s.quality_score, s.quality_label,
         s.tool_count, s.tool_tokens, d.transports
       FROM servers s JOIN search_documents d ON d.id = 's:' || s.name
       WHERE s.status <> 'deleted' AND ($1::text[] IS NULL OR s.name = ANY($1::text[]))`,
      [names ? [...names] : null],
    );
    return rows.map(toServerFacts);
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
