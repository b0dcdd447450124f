import type { PrismaClient } from "../prisma.js";

export type IndexableServer = {
  name: string;
  title: string | null;
  description: string;
  status: string;
  /** The latest version's server.json (its remotes decide the transport filter). */
  serverJson: unknown;
  tools: { name: string; title: string | null; description: string; inputSchema: unknown }[];
};

export type SearchDocumentWrite = {
  id: string;
  serverName: string;
  kind: "server" | "tool";
  toolName: string | null;
  /** Weight A text (names and titles). */
  title: string;
  /** Weight B text (descriptions). */
  body: string;
  /** Trigram target (raw identifiers); its words are weight C text. */
  identifiers: string;
  /** Weight C text: the words inside the identifiers. */
  identifierWords: string;
  /** Weight D text: context (a tool's server). */
  context: string;
  /** Transports of non-templated remotes (server documents). */
  transports: string[];
  contentHash: string;
  /** Hash of the text that is embedded. */
  embedHash: string;
};

export type DocumentKind = "server" | "tool";

export type KeywordHit = { serverName: string; toolName: string | null; score: number };

/** A stored document with the vector of its text under one model. */
export type VectorRow = {
  id: string;
  serverName: string;
  kind: DocumentKind;
  toolName: string | null;
  vector: Float32Array;
};

/** A document whose text has no vector yet under a model. */
export type UnembeddedDocument = {
  embedHash: string;
  kind: DocumentKind;
  title: string;
  body: string;
  identifiers: string;
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
  transports: string[];
};

/** The ranking weights of the tsvector classes {D, C, B, A}. */
const WEIGHTS = "{0.1, 0.3, 0.5, 1.0}";

function toVector(bytes: Uint8Array): Float32Array {
  // Copy: the driver's Buffer may share a pool and need not be 4-byte aligned.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

function toBytes(vector: Float32Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(vector.buffer as ArrayBuffer, vector.byteOffset, vector.byteLength);
}

/** Search documents, their vectors and the facts search filters on; written only by the search service. */
export class SearchRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async loadServer(name: string): Promise<IndexableServer | null> {
    const server = await this.prisma.server.findUnique({
      where: { name },
      select: {
        name: true,
        title: true,
        description: true,
        status: true,
        tools: {
          select: { name: true, title: true, description: true, inputSchema: true },
          orderBy: { name: "asc" },
        },
        versions: { where: { isLatest: true }, select: { serverJson: true }, take: 1 },
      },
    });
    if (!server) return null;
    const { versions, ...rest } = server;
    return { ...rest, serverJson: versions[0]?.serverJson ?? {} };
  }

  async documentHashes(serverName: string): Promise<Map<string, string>> {
    const rows = await this.prisma.searchDocument.findMany({
      where: { serverName },
      select: { id: true, contentHash: true },
    });
    return new Map(rows.map((r) => [r.id, r.contentHash]));
  }

  /** Writes changed documents (with their weighted tsvector) and removes ones no longer present. */
  async syncDocuments(
    serverName: string,
    docs: SearchDocumentWrite[],
    changed: SearchDocumentWrite[],
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.searchDocument.deleteMany({ where: { serverName, id: { notIn: docs.map((d) => d.id) } } });
      for (const d of changed) {
        await tx.$executeRaw`
          INSERT INTO search_documents (id, server_name, kind, tool_name, title, body, identifiers, content_hash,
            embed_hash, transports, tsv, updated_at)
          VALUES (${d.id}, ${d.serverName}, ${d.kind}, ${d.toolName}, ${d.title}, ${d.body}, ${d.identifiers},
            ${d.contentHash}, ${d.embedHash}, ${d.transports}::text[],
            setweight(to_tsvector('english', ${d.title}), 'A') ||
            setweight(to_tsvector('english', ${d.body}), 'B') ||
            setweight(to_tsvector('english', ${d.identifierWords}), 'C') ||
            setweight(to_tsvector('english', ${d.context}), 'D'),
            now())
          ON CONFLICT (id) DO UPDATE SET kind = EXCLUDED.kind, tool_name = EXCLUDED.tool_name, title = EXCLUDED.title,
            body = EXCLUDED.body, identifiers = EXCLUDED.identifiers, content_hash = EXCLUDED.content_hash,
            embed_hash = EXCLUDED.embed_hash, transports = EXCLUDED.transports, tsv = EXCLUDED.tsv,
            updated_at = now()`;
      }
    });
  }

  async removeServer(serverName: string): Promise<void> {
    await this.prisma.searchDocument.deleteMany({ where: { serverName } });
  }

  async count(): Promise<number> {
    return this.prisma.searchDocument.count();
  }

  /**
   * Keyword candidates of one kind: full-text matches of any query word, ranked with the field
   * weights, plus trigram word similarity of the query to names and identifiers (which catches
   * `postgres` in `mcp-postgres-server` and small misspellings). Both scores lie in 0..1 and add.
   */
  async keywordHits(
    kind: DocumentKind,
    query: string,
    limit: number,
    servers?: readonly string[],
  ): Promise<KeywordHit[]> {
    const only = servers ? [...servers] : null;
    const rows = await this.prisma.$queryRaw<
      { server_name: string; tool_name: string | null; score: number }[]
    >`
      WITH q AS (
        SELECT NULLIF(replace(plainto_tsquery('english', ${query})::text, '&', '|'), '')::tsquery AS ts
      ), hits AS (
        (SELECT d.id, d.server_name, d.tool_name, ts_rank(${WEIGHTS}::float4[], d.tsv, q.ts, 32) AS score
         FROM search_documents d, q
         WHERE d.kind = ${kind} AND q.ts IS NOT NULL AND d.tsv @@ q.ts
           AND (${only}::text[] IS NULL OR d.server_name = ANY(${only}::text[]))
         ORDER BY score DESC LIMIT ${limit})
        UNION ALL
        (SELECT d.id, d.server_name, d.tool_name, 0.5 * word_similarity(${query}, d.identifiers) AS score
         FROM search_documents d
         WHERE d.kind = ${kind} AND length(${query}) <= 64 AND ${query} <% d.identifiers
           AND (${only}::text[] IS NULL OR d.server_name = ANY(${only}::text[]))
         ORDER BY score DESC LIMIT ${limit})
      )
      SELECT server_name, tool_name, sum(score)::float8 AS score
      FROM hits GROUP BY id, server_name, tool_name
      ORDER BY score DESC, server_name, tool_name LIMIT ${limit}`;
    return rows.map((r) => ({ serverName: r.server_name, toolName: r.tool_name, score: r.score }));
  }

  /** Stored vectors of the given texts under a model. */
  async embeddings(model: string, hashes: readonly string[]): Promise<Map<string, Float32Array>> {
    if (hashes.length === 0) return new Map();
    const rows = await this.prisma.embedding.findMany({
      where: { model, contentHash: { in: [...new Set(hashes)] } },
      select: { contentHash: true, vector: true },
    });
    return new Map(rows.map((r) => [r.contentHash, toVector(r.vector)]));
  }

  async saveEmbeddings(model: string, items: { hash: string; vector: Float32Array }[]): Promise<void> {
    if (items.length === 0) return;
    await this.prisma.embedding.createMany({
      data: items.map((i) => ({
        model,
        contentHash: i.hash,
        dims: i.vector.length,
        vector: toBytes(i.vector),
      })),
      skipDuplicates: true,
    });
  }

  /** Documents whose text has no vector under `model` yet (after a model change), one per text. */
  async unembedded(model: string, limit: number): Promise<UnembeddedDocument[]> {
    const rows = await this.prisma.$queryRaw<
      { embed_hash: string; kind: DocumentKind; title: string; body: string; identifiers: string }[]
    >`
      SELECT DISTINCT ON (d.embed_hash) d.embed_hash, d.kind, d.title, d.body, d.identifiers
      FROM search_documents d
      WHERE d.embed_hash <> '' AND NOT EXISTS (
        SELECT 1 FROM embeddings e WHERE e.model = ${model} AND e.content_hash = d.embed_hash)
      ORDER BY d.embed_hash LIMIT ${limit}`;
    return rows.map((r) => ({
      embedHash: r.embed_hash,
      kind: r.kind,
      title: r.title,
      body: r.body,
      identifiers: r.identifiers,
    }));
  }

  /** Servers having a document with one of these texts. */
  async serversWithTexts(embedHashes: readonly string[]): Promise<string[]> {
    const rows = await this.prisma.searchDocument.findMany({
      where: { embedHash: { in: [...embedHashes] } },
      select: { serverName: true },
      distinct: ["serverName"],
    });
    return rows.map((r) => r.serverName);
  }

  /** Documents with their vectors under `model`, in id order after `after` (keyset paging). */
  async vectorPage(model: string, after: string, limit: number, serverName?: string): Promise<VectorRow[]> {
    const rows = await this.prisma.$queryRaw<
      { id: string; server_name: string; kind: DocumentKind; tool_name: string | null; vector: Uint8Array }[]
    >`
      SELECT d.id, d.server_name, d.kind, d.tool_name, e.vector
      FROM search_documents d
      JOIN embeddings e ON e.model = ${model} AND e.content_hash = d.embed_hash
      WHERE d.id > ${after} AND (${serverName ?? null}::text IS NULL OR d.server_name = ${serverName ?? null})
      ORDER BY d.id LIMIT ${limit}`;
    return rows.map((r) => ({
      id: r.id,
      serverName: r.server_name,
      kind: r.kind,
      toolName: r.tool_name,
      vector: toVector(r.vector),
    }));
  }

  /** The facts search filters and answers with, for indexed servers (all, or the named ones). */
  async serverFacts(names?: readonly string[]): Promise<ServerFactsRow[]> {
    const only = names ? [...names] : null;
    const rows = await this.prisma.$queryRaw<
      {
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
        transports: string[] | null;
      }[]
    >`
      SELECT s.name, s.title, s.description, s.connection_class::text AS connection_class, s.autonomous,
        s.human_steps, s.categories, s.trust_score, s.trust_flags, s.quality_score, s.quality_label,
        s.tool_count, d.transports
      FROM servers s JOIN search_documents d ON d.id = 's:' || s.name
      WHERE s.status <> 'deleted' AND (${only}::text[] IS NULL OR s.name = ANY(${only}::text[]))`;
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
      transports: r.transports ?? [],
    }));
  }

  /** Descriptions of documents by id (tool descriptions for matched_tools). */
  async descriptions(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.prisma.searchDocument.findMany({
      where: { id: { in: [...ids] } },
      select: { id: true, body: true },
    });
    return new Map(rows.map((r) => [r.id, r.body]));
  }
}
