import type { Database } from "../database.js";

/** A stored document as the lexical index reads it. */
export type LexicalRow = {
  id: string;
  serverName: string;
  toolName: string | null;
  title: string;
  body: string;
  params: string;
  contentHash: string;
};

const LEXICAL_COLUMNS = `id, server_name AS "serverName", tool_name AS "toolName", title, body, params,
  content_hash AS "contentHash"`;

/**
 * The documents' text as the keyword index reads it: all of it at start, a server's after each
 * index job. A server's documents come together, so the index replaces a server at a time.
 */
export class SearchLexicalRepository {
  constructor(private readonly db: Database) {}

  /** Every server's documents in keyset pages of (server, id) after `after`. */
  async lexicalPage(
    after: { serverName: string; id: string } | undefined,
    limit: number,
  ): Promise<LexicalRow[]> {
    const { rows } = await this.db.pool.query<LexicalRow>(
      `SELECT ${LEXICAL_COLUMNS} FROM search_documents WHERE (server_name, id) > ($1, $2)
       ORDER BY server_name, id LIMIT $3`,
      [after?.serverName ?? "", after?.id ?? "", limit],
    );
    return rows;
  }

  /** The named servers' documents (an index lookup per server). */
  async lexicalRows(serverNames: readonly string[]): Promise<LexicalRow[]> {
    const { rows } = await this.db.pool.query<LexicalRow>(
      `SELECT ${LEXICAL_COLUMNS} FROM search_documents WHERE server_name = ANY($1::text[]) ORDER BY server_name, id`,
      [[...serverNames]],
    );
    return rows;
  }
}
