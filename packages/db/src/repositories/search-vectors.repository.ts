import type { Database } from "../database.js";
import type { DocumentKind } from "./search-documents.repository.js";

/** A stored document with the vector of its text under one model. */
export type VectorRow = {
  id: string;
  serverName: string;
  kind: DocumentKind;
  toolName: string | null;
  vector: Float32Array;
};

function toVector(bytes: Uint8Array): Float32Array {
  // Copy: the driver's Buffer may share a pool and need not be 4-byte aligned.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

function toBytes(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/**
 * Vectors of the documents' texts, one per text and model (documents sharing a text share its
 * vector), as little-endian float32 bytes.
 */
export class SearchVectorsRepository {
  constructor(private readonly db: Database) {}

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
}
