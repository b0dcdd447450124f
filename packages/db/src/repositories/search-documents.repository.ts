import type { Database } from "../database.js";

export type IndexableServer = {
  name: string;
  title: string | null;
  description: string;
  status: string;
  /** The server's state these documents are built from (search_index_state records it). */
  modifiedAt: Date;
  /** The latest version's server.json (its remotes decide the transport filter). */
  serverJson: unknown;
  tools: { name: string; title: string | null; description: string; inputSchema: unknown }[];
};

export type SearchDocumentWrite = {
  id: string;
  serverName: string;
  kind: "server" | "tool";
  toolName: string | null;
  /** Title and the words of the name (a server's name segment, a tool's name). */
  title: string;
  /** The description. */
  body: string;
  /** Raw identifiers: the server's name, or the tool's name and its parameters' names. */
  identifiers: string;
  /** Tool documents: parameter names and descriptions. */
  params: string;
  /** Transports of non-templated remotes (server documents). */
  transports: string[];
  contentHash: string;
  /** Hash of the text that is embedded. */
  embedHash: string;
};

export type DocumentKind = "server" | "tool";

/** The id of a tool's search document (descriptions are read by it). */
export function toolDocumentId(serverName: string, toolName: string): string {
  return `t:${serverName}:${toolName}`;
}

/** What an index job reads and writes: servers in, their search documents out. */
export class SearchDocumentsRepository {
  constructor(private readonly db: Database) {}

  /** The named servers with their tools and latest server.json (missing ones are left out). */
  async loadServers(names: readonly string[]): Promise<IndexableServer[]> {
    const servers = await this.db.prisma.server.findMany({
      where: { name: { in: [...names] } },
      select: {
        name: true,
        title: true,
        description: true,
        status: true,
        modifiedAt: true,
        tools: {
          select: { name: true, title: true, description: true, inputSchema: true },
          orderBy: { name: "asc" },
        },
        versions: { where: { isLatest: true }, select: { serverJson: true }, take: 1 },
      },
    });
    return servers.map(({ versions, ...rest }) => ({ ...rest, serverJson: versions[0]?.serverJson ?? {} }));
  }

  /** Content hashes of the named servers' documents, by document id. */
  async documentHashes(serverNames: readonly string[]): Promise<Map<string, string>> {
    const { rows } = await this.db.pool.query<{ id: string; content_hash: string }>(
      "SELECT id, content_hash FROM search_documents WHERE server_name = ANY($1::text[])",
      [[...serverNames]],
    );
    return new Map(rows.map((r) => [r.id, r.content_hash]));
  }

  /**
   * Makes `docs` the named servers' only documents: writes the changed ones and removes the ones
   * no longer present, in one statement whatever the batch size.
   */
  async syncDocuments(
    serverNames: readonly string[],
    keep: readonly string[],
    changed: readonly SearchDocumentWrite[],
  ): Promise<void> {
    const rows = changed.map((d) => ({
      id: d.id,
      server_name: d.serverName,
      kind: d.kind,
      tool_name: d.toolName,
      title: d.title,
      body: d.body,
      identifiers: d.identifiers,
      params: d.params,
      content_hash: d.contentHash,
      embed_hash: d.embedHash,
      transports: d.transports,
    }));
    await this.db.pool.query(
      `WITH gone AS (
         DELETE FROM search_documents WHERE server_name = ANY($1::text[]) AND id <> ALL($2::text[])
       )
       INSERT INTO search_documents (id, server_name, kind, tool_name, title, body, identifiers, params,
         content_hash, embed_hash, transports, updated_at)
       SELECT x.id, x.server_name, x.kind, x.tool_name, x.title, x.body, x.identifiers, x.params, x.content_hash,
         x.embed_hash, x.transports, now()
       FROM jsonb_to_recordset($3::jsonb) AS x(id text, server_name text, kind text, tool_name text, title text,
         body text, identifiers text, params text, content_hash text, embed_hash text, transports text[])
       ON CONFLICT (id) DO UPDATE SET kind = EXCLUDED.kind, tool_name = EXCLUDED.tool_name, title = EXCLUDED.title,
         body = EXCLUDED.body, identifiers = EXCLUDED.identifiers, params = EXCLUDED.params,
         content_hash = EXCLUDED.content_hash, embed_hash = EXCLUDED.embed_hash, transports = EXCLUDED.transports,
         updated_at = now()`,
      [[...serverNames], [...keep], JSON.stringify(rows)],
    );
  }

  async removeServers(serverNames: readonly string[]): Promise<void> {
    await this.db.pool.query("DELETE FROM search_documents WHERE server_name = ANY($1::text[])", [
      [...serverNames],
    ]);
  }

  /**
   * Vacuums and analyzes the documents and their vectors, and returns how many documents there
   * are: after a bulk load autovacuum catches up only minutes later, and the facts and vector
   * reads plan on the statistics.
   */
  async refreshStatistics(): Promise<number> {
    // The embeddings too: with stale statistics, loading the vectors at start hash-joined both
    // tables for every page of 2,000 (0.8 s a page at 320,000 documents).
    await this.db.pool.query("VACUUM (ANALYZE) search_documents, embeddings");
    const { rows } = await this.db.pool.query<{ n: number }>(
      "SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'search_documents'::regclass",
    );
    return Math.max(0, rows[0]?.n ?? 0);
  }
}
