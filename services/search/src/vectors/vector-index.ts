import type { DocumentKind } from "@catalog/db";

/** One document's vector. */
export type VectorPoint = {
  id: string;
  serverName: string;
  kind: DocumentKind;
  toolName: string | null;
  vector: Float32Array;
};

export type VectorQuery = {
  kind: DocumentKind;
  vector: Float32Array;
  k: number;
  /** Only documents of these servers (filters applied before the limit). */
  allow?: ReadonlySet<string> | undefined;
};

export type VectorHit = { id: string; serverName: string; toolName: string | null; score: number };

/**
 * Where document vectors live and are searched by cosine similarity: the in-process index or
 * Qdrant. Both pass the same contract tests (tests/support/vector-index-contract.ts).
 */
export interface VectorIndex {
  readonly description: string;
  /** Adds or replaces points by id. */
  upsert(points: readonly VectorPoint[]): Promise<void>;
  /** Makes `points` the server's only points (none: the server leaves the index). */
  replaceServer(serverName: string, points: readonly VectorPoint[]): Promise<void>;
  /** The k nearest documents of a kind, most similar first. */
  search(query: VectorQuery): Promise<VectorHit[]>;
  /** The stored vectors have all been loaded (an in-process index may now build its graphs). */
  loaded?(): void;
  /** Number of points of a kind. */
  count(kind: DocumentKind): Promise<number>;
  close(): Promise<void>;
}
