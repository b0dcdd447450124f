import type { SearchDocumentWrite, SearchRepository } from "@catalog/db";
import type { EmbeddingProvider } from "@catalog/embeddings";
import type { VectorIndex, VectorPoint } from "../vectors/vector-index.js";
import { embedText } from "./documents.js";

/** Rows read per page when the in-process index loads its vectors from PostgreSQL. */
const LOAD_PAGE = 2000;

/**
 * Keeps vectors in step with the search documents: embeds only texts that have no stored
 * vector under the current model (so restarts and re-imports embed nothing), stores them in
 * PostgreSQL, and feeds the vector index. Index jobs place the vectors already stored (keyword
 * search never waits for the model); embed jobs fill in the rest behind them.
 */
export class VectorSync {
  constructor(
    private readonly repo: SearchRepository,
    private readonly provider: EmbeddingProvider,
    readonly index: VectorIndex,
    /** Whether the index is shared by all replicas (Qdrant) rather than held by each. */
    readonly shared: boolean,
  ) {}

  get model(): string {
    return this.provider.model;
  }

  /**
   * Makes the vectors stored for the servers' texts their only points in the index (a document
   * whose text has none yet is left out until it is embedded), and returns the servers that have
   * such texts, with those texts' hashes.
   */
  async placeStored(
    byServer: ReadonlyMap<string, readonly SearchDocumentWrite[]>,
  ): Promise<Map<string, string[]>> {
    const hashes = [...new Set([...byServer.values()].flat().map((d) => d.embedHash))];
    const vectors = await this.repo.embeddings(this.provider.model, hashes);
    await this.place(byServer, vectors);
    const missing = new Map<string, string[]>();
    for (const [name, docs] of byServer) {
      const lacking = [...new Set(docs.map((d) => d.embedHash).filter((h) => !vectors.has(h)))];
      if (lacking.length > 0) missing.set(name, lacking.sort());
    }
    return missing;
  }

  /** Embeds the servers' texts that have no vector yet (one call), places them, and says how many it embedded. */
  async embedServers(byServer: ReadonlyMap<string, readonly SearchDocumentWrite[]>): Promise<number> {
    const docs = [...byServer.values()].flat();
    const vectors = await this.repo.embeddings(
      this.provider.model,
      docs.map((d) => d.embedHash),
    );
    const missing = [
      ...new Map(docs.filter((d) => !vectors.has(d.embedHash)).map((d) => [d.embedHash, d])).values(),
    ];
    if (missing.length > 0) {
      const embedded = await this.provider.embed(missing.map(embedText));
      const items = missing.map((d, i) => ({ hash: d.embedHash, vector: embedded[i]! }));
      await this.repo.saveEmbeddings(this.provider.model, items);
      for (const item of items) vectors.set(item.hash, item.vector);
    }
    await this.place(byServer, vectors);
    return missing.length;
  }

  private async place(
    byServer: ReadonlyMap<string, readonly SearchDocumentWrite[]>,
    vectors: ReadonlyMap<string, Float32Array>,
  ): Promise<void> {
    for (const [serverName, list] of byServer) {
      const placed = list.filter((d) => vectors.has(d.embedHash));
      await this.index.replaceServer(
        serverName,
        placed.map((d) => toPoint(d, vectors.get(d.embedHash)!)),
      );
    }
  }

  async removeServers(serverNames: readonly string[]): Promise<void> {
    for (const name of serverNames) await this.index.replaceServer(name, []);
  }

  /** Makes the index hold exactly the server's stored vectors. */
  async reloadServer(serverName: string): Promise<void> {
    const rows = await this.repo.vectorPage(this.provider.model, "", 100_000, serverName);
    await this.index.replaceServer(serverName, rows);
  }

  /** Fills a per-replica index with every stored vector of the current model. */
  async loadAll(onProgress?: (loaded: number) => void): Promise<number> {
    if (this.shared) return 0;
    let after = "";
    let loaded = 0;
    for (;;) {
      const page = await this.repo.vectorPage(this.provider.model, after, LOAD_PAGE);
      if (page.length === 0) return loaded;
      await this.index.upsert(page);
      loaded += page.length;
      after = page[page.length - 1]!.id;
      onProgress?.(loaded);
    }
  }
}

function toPoint(doc: SearchDocumentWrite, vector: Float32Array): VectorPoint {
  return {
    id: doc.id,
    serverName: doc.serverName,
    kind: doc.kind,
    toolName: doc.toolName,
    vector,
  };
}
