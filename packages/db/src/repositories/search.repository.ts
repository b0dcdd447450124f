import type { Database } from "../database.js";
import type { PrismaClient } from "../prisma.js";

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

/** A stored document with the vector of its text under one model. */
export type VectorRow = {
  id: string;
  serverName: string;
  kind: DocumentKind;
  toolName: string | null;
  vector: Float32Array;
};

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

const LEXICAL_COLUMNS = "id, server_name, tool_name, title, body, params, content_hash";

type LexicalDbRow = {
  id: string;
  server_name: string;
  tool_name: string | null;
  title: string;
  body: string;
  params: string;
  content_hash: string;
};

function toLexicalRow(r: LexicalDbRow): LexicalRow {
  return {
    id: r.id,
    serverName: r.server_name,
    toolName: r.tool_name,
    title: r.title,
    body: r.body,
    params: r.params,
    contentHash: r.content_hash,
  };
}

function toVector(bytes: Uint8Array): Float32Array {
  // Copy: the driver's Buffer may share a pool and need not be 4-byte aligned.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

function toBytes(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** Search documents, their vectors and the facts search filters on; written only by the search service. */
export class SearchRepository {
  private readonly prisma: PrismaClient;

  /** Hot reads and bulk writes go straight to the pool: a fraction of Prisma's CPU per query. */
  constructor(private readonly db: Database) {
    this.prisma = db.prisma;
  }

  /** The named servers with their tools and latest server.json (missing ones are left out). */
  async loadServers(names: readonly string[]): Promise<IndexableServer[]> {
    const servers = await this.prisma.server.findMany({
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

  async count(): Promise<number> {
    return this.prisma.searchDocument.count();
  }

  /**
   * Documents as the lexical index reads them, a server's together: every server's, in keyset
   * pages of (server, id) after `after`.
   */
  async lexicalPage(
    after: { serverName: string; id: string } | undefined,
    limit: number,
  ): Promise<LexicalRow[]> {
    const { rows } = await this.db.pool.query<LexicalDbRow>(
      `SELECT ${LEXICAL_COLUMNS} FROM search_documents WHERE (server_name, id) > ($1, $2)
       ORDER BY server_name, id LIMIT $3`,
      [after?.serverName ?? "", after?.id ?? "", limit],
    );
    return rows.map(toLexicalRow);
  }

  /** The named servers' documents as the lexical index reads them (an index lookup per server). */
  async lexicalRows(serverNames: readonly string[]): Promise<LexicalRow[]> {
    const { rows } = await this.db.pool.query<LexicalDbRow>(
      `SELECT ${LEXICAL_COLUMNS} FROM search_documents WHERE server_name = ANY($1::text[]) ORDER BY server_name, id`,
      [[...serverNames]],
    );
    return rows.map(toLexicalRow);
  }

  /** Stored vectors of the given texts under a model. */
  async embeddings(model: string, hashes: readonly string[]): Promise<Map<string, Float32Array>> {
    if (hashes.length === 0) return new Map();
    const { rows } = await this.db.pool.query<{ content_hash: string; vector: Buffer }>(
      "SELECT content_hash, vector FROM embeddings WHERE model = $1 AND content_hash = ANY($2::text[])",
      [model, [...new Set(hashes)]],
    );
    return new Map(rows.map((r) => [r.content_hash, toVector(r.vector)]));
  }

  /** Stores vectors of texts (one statement; a text stored meanwhile by another replica is kept). */
  async saveEmbeddings(model: string, items: { hash: string; vector: Float32Array }[]): Promise<void> {
    if (items.length === 0) return;
    await this.db.pool.query(
      `INSERT INTO embeddings (model, content_hash, dims, vector)
       SELECT $1, u.hash, u.dims, u.vector FROM unnest($2::text[], $3::int[], $4::bytea[]) AS u(hash, dims, vector)
       ON CONFLICT DO NOTHING`,
      [
        model,
        items.map((i) => i.hash),
        items.map((i) => i.vector.length),
        items.map((i) => toBytes(i.vector)),
      ],
    );
  }

  /**
   * Servers having a document whose text has no vector under `model` yet, with those texts'
   * hashes, in name order after `after` (keyset paging): the embedding a server is owed.
   */
  async unembeddedServers(
    model: string,
    after: string,
    limit: number,
  ): Promise<{ name: string; embedHashes: string[] }[]> {
    const rows = await this.prisma.$queryRaw<{ server_name: string; hashes: string[] }[]>`
      SELECT d.server_name, array_agg(DISTINCT d.embed_hash ORDER BY d.embed_hash) AS hashes
      FROM search_documents d
      WHERE d.server_name > ${after} AND d.embed_hash <> '' AND NOT EXISTS (
        SELECT 1 FROM embeddings e WHERE e.model = ${model} AND e.content_hash = d.embed_hash)
      GROUP BY d.server_name ORDER BY d.server_name LIMIT ${limit}`;
    return rows.map((r) => ({ name: r.server_name, embedHashes: r.hashes }));
  }

  /** How many distinct texts have no vector of this model yet (what the embed jobs still owe). */
  async countUnembedded(model: string): Promise<number> {
    const [row] = await this.prisma.$queryRaw<{ n: number }[]>`
      SELECT count(DISTINCT d.embed_hash)::int AS n
      FROM search_documents d
      WHERE d.embed_hash <> '' AND NOT EXISTS (
        SELECT 1 FROM embeddings e WHERE e.model = ${model} AND e.content_hash = d.embed_hash)`;
    return row?.n ?? 0;
  }

  /** Documents with their vectors under `model`, in id order after `after` (keyset paging). */
  async vectorPage(model: string, after: string, limit: number, serverName?: string): Promise<VectorRow[]> {
    const { rows } = await this.db.pool.query<{
      id: string;
      server_name: string;
      kind: DocumentKind;
      tool_name: string | null;
      vector: Buffer;
    }>(
      `SELECT d.id, d.server_name, d.kind, d.tool_name, e.vector
       FROM search_documents d
       JOIN embeddings e ON e.model = $1 AND e.content_hash = d.embed_hash
       WHERE d.id > $2 AND ($3::text IS NULL OR d.server_name = $3)
       ORDER BY d.id LIMIT $4`,
      [model, after, serverName ?? null, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      serverName: r.server_name,
      kind: r.kind,
      toolName: r.tool_name,
      vector: toVector(r.vector),
    }));
  }

  /**
   * The facts search filters and answers with, for indexed servers (all, or the named ones).
   * Read on the pool: the whole catalog is reloaded every few seconds by every search replica.
   */
  async serverFacts(names?: readonly string[]): Promise<ServerFactsRow[]> {
    const { rows } = await this.db.pool.query<{
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
    }>(
      `SELECT s.name, s.title, s.description, s.connection_class::text AS connection_class, s.autonomous,
         s.human_steps, s.categories, s.trust_score, s.trust_flags, s.quality_score, s.quality_label,
         s.tool_count, s.tool_tokens, d.transports
       FROM servers s JOIN search_documents d ON d.id = 's:' || s.name
       WHERE s.status <> 'deleted' AND ($1::text[] IS NULL OR s.name = ANY($1::text[]))`,
      [names ? [...names] : null],
    );
    return rows.map((r) => ({
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
    }));
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
