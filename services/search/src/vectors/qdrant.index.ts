import { createHash } from "node:crypto";
import { QdrantClient } from "@qdrant/js-client-rest";
import type { DocumentKind } from "@catalog/db";
import type { VectorHit, VectorIndex, VectorPoint, VectorQuery } from "./vector-index.js";

export type QdrantOptions = {
  url: string;
  apiKey?: string | undefined;
  /** Collection name prefix; the embedding model completes it. */
  collectionPrefix: string;
};

type Payload = { doc: string; server: string; kind: DocumentKind; tool: string | null };

/** Up to this many allowed servers go to Qdrant as a filter; more are filtered after an oversampled query. */
const MAX_FILTER_VALUES = 1000;
const UPSERT_BATCH = 256;

/** Qdrant point ids are UUIDs or integers: a UUID derived from the document id. */
export function pointId(docId: string): string {
  const h = createHash("sha256").update(docId).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** A collection name Qdrant accepts, one per model and dimension so a model change starts afresh. */
export function collectionName(prefix: string, model: string, dimensions: number): string {
  return `${prefix}_${model}_${dimensions}`.replace(/[^A-Za-z0-9_-]+/g, "_");
}

/** Vectors in Qdrant, shared by every search replica. */
export class QdrantVectorIndex implements VectorIndex {
  private constructor(
    private readonly client: QdrantClient,
    private readonly collection: string,
  ) {}

  get description(): string {
    return `qdrant (${this.collection})`;
  }

  static async open(options: QdrantOptions, model: string, dimensions: number): Promise<QdrantVectorIndex> {
    const client = new QdrantClient({ url: options.url, apiKey: options.apiKey, checkCompatibility: false });
    const collection = collectionName(options.collectionPrefix, model, dimensions);
    const { exists } = await client.collectionExists(collection);
    if (!exists) {
      await client.createCollection(collection, { vectors: { size: dimensions, distance: "Cosine" } });
      for (const field of ["server", "kind"]) {
        await client.createPayloadIndex(collection, {
          field_name: field,
          field_schema: "keyword",
          wait: true,
        });
      }
    }
    return new QdrantVectorIndex(client, collection);
  }

  async upsert(points: readonly VectorPoint[]): Promise<void> {
    for (let i = 0; i < points.length; i += UPSERT_BATCH) {
      await this.client.upsert(this.collection, {
        wait: true,
        points: points.slice(i, i + UPSERT_BATCH).map((p) => ({
          id: pointId(p.id),
          vector: Array.from(p.vector),
          payload: { doc: p.id, server: p.serverName, kind: p.kind, tool: p.toolName } satisfies Payload,
        })),
      });
    }
  }

  async replaceServer(serverName: string, points: readonly VectorPoint[]): Promise<void> {
    await this.upsert(points);
    await this.client.delete(this.collection, {
      wait: true,
      filter: {
        must: [{ key: "server", match: { value: serverName } }],
        must_not: points.length ? [{ has_id: points.map((p) => pointId(p.id)) }] : [],
      },
    });
  }

  async search(query: VectorQuery): Promise<VectorHit[]> {
    const allow = query.allow;
    const inFilter = allow !== undefined && allow.size <= MAX_FILTER_VALUES;
    const must: object[] = [{ key: "kind", match: { value: query.kind } }];
    if (inFilter) must.push({ key: "server", match: { any: [...allow] } });
    const response = await this.client.query(this.collection, {
      query: Array.from(query.vector),
      filter: { must },
      limit: allow && !inFilter ? query.k * 4 : query.k,
      with_payload: true,
    });
    return response.points
      .map((p) => ({ payload: p.payload as Payload, score: p.score }))
      .filter(({ payload }) => !allow || allow.has(payload.server))
      .slice(0, query.k)
      .map(({ payload, score }) => ({
        id: payload.doc,
        serverName: payload.server,
        toolName: payload.tool,
        score,
      }));
  }

  async count(kind: DocumentKind): Promise<number> {
    const { count } = await this.client.count(this.collection, {
      exact: true,
      filter: { must: [{ key: "kind", match: { value: kind } }] },
    });
    return count;
  }

  async close(): Promise<void> {}
}
