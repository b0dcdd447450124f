import type { DocumentKind, SearchDocumentWrite, SearchRepository } from "@catalog/db";
import type { EmbeddingProvider } from "@catalog/embeddings";
import type { VectorIndex, VectorPoint } from "../vectors/vector-index.js";
import { embedText } from "./documents.js";

/** Rows read per page when the in-process index loads its vectors from PostgreSQL. */
const LOAD_PAGE = 2000;

/**
 * Keeps vectors in step with the search documents: embeds only texts that have no stored
 * vector under the current model (so restarts and re-imports embed nothing), stores them in
 * PostgreSQL, and feeds the vector index.
 */
export class VectorSync {
  constructor(
    private readonly repo: SearchRepository,
    private readonly provider: EmbeddingProvider,
    readonly index: VectorIndex,
    /** Whether the index is shared by all replicas (Qdrant) rather than held by each. */
    readonly shared: boolean,
  ) {}

  /** Vectors of the documents' texts, embedding and storing the missing ones. */
  async ensureVectors(
    docs: readonly { embedHash: string; text: string }[],
  ): Promise<Map<string, Float32Array>> {
    const model = this.provider.model;
    const vectors = await this.repo.embeddings(
      model,
      docs.map((d) => d.embedHash),
    );
    const missing = [
      ...new Map(docs.filter((d) => !vectors.has(d.embedHash)).map((d) => [d.embedHash, d])).values(),
    ];
    if (missing.length > 0) {
      const embedded = await this.provider.embed(missing.map((d) => d.text));
      const items = missing.map((d, i) => ({ hash: d.embedHash, vector: embedded[i]! }));
      await this.repo.saveEmbeddings(model, items);
      for (const item of items) vectors.set(item.hash, item.vector);
    }
    return vectors;
  }

  /**
   * Embeds the servers' documents (their missing texts in one call) and makes them the servers'
   * only points in the index. Other replicas' in-process indexes reload them by `reloadServer`.
   */
  async indexDocuments(byServer: ReadonlyMap<string, readonly SearchDocumentWrite[]>): Promise<void> {
    const docs = [...byServer.values()].flat();
    const vectors = await this.ensureVectors(
      docs.map((d) => ({ embedHash: d.embedHash, text: embedText(d) })),
    );
    for (const [serverName, list] of byServer) {
      await this.index.replaceServer(
        serverName,
        list.map((d) => toPoint(d, vectors.get(d.embedHash)!)),
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

  /**
   * Embeds documents whose text has no vector under the current model (a model or dimension
   * change, or documents written while the provider was down), in batches, and returns how
   * many texts were embedded. Their servers are returned so the caller can reload them.
   */
  async backfill(
    onProgress?: (embedded: number, total: number) => void,
    batch = 256,
  ): Promise<{ embedded: number; servers: Set<string> }> {
    let embedded = 0;
    const servers = new Set<string>();
    // Counted once: texts indexed meanwhile are embedded too, so `total` may be passed.
    const total = await this.repo.countUnembedded(this.provider.model);
    for (;;) {
      const docs = await this.repo.unembedded(this.provider.model, batch);
      if (docs.length === 0) return { embedded, servers };
      await this.ensureVectors(docs.map((d) => ({ embedHash: d.embedHash, text: embedText(d) })));
      embedded += docs.length;
      onProgress?.(embedded, Math.max(total, embedded));
      for (const server of await this.repo.serversWithTexts(docs.map((d) => d.embedHash)))
        servers.add(server);
    }
  }
}

function toPoint(doc: SearchDocumentWrite, vector: Float32Array): VectorPoint {
  return {
    id: doc.id,
    serverName: doc.serverName,
    kind: doc.kind as DocumentKind,
    toolName: doc.toolName,
    vector,
  };
}
