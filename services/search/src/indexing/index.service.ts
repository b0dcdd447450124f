import type { SearchRepository } from "@catalog/db";
import type { VectorSync } from "./vector-sync.js";
import { buildDocuments } from "./documents.js";

export type IndexOutcome = { documents: number; changed: number };

/**
 * Keeps a server's search documents and vectors in step with the catalog. Only changed texts
 * are rewritten, and only texts without a stored vector are embedded. `onChanged` tells every
 * replica to refresh what it holds in memory for the server.
 */
export class IndexService {
  constructor(
    private readonly repo: SearchRepository,
    private readonly vectors: () => VectorSync | undefined,
    private readonly onChanged: (serverName: string) => Promise<void>,
  ) {}

  async indexServer(name: string): Promise<IndexOutcome> {
    const server = await this.repo.loadServer(name);
    if (!server || server.status === "deleted") {
      await this.repo.removeServer(name);
      await this.vectors()?.removeServer(name);
      await this.onChanged(name);
      return { documents: 0, changed: 0 };
    }
    const docs = buildDocuments(server);
    const stored = await this.repo.documentHashes(name);
    const changed = docs.filter((d) => stored.get(d.id) !== d.contentHash);
    if (changed.length > 0 || stored.size !== docs.length) await this.repo.syncDocuments(name, docs, changed);
    // Vectors even when no text changed: a retried job or a new model may still lack them.
    await this.vectors()?.indexServer(name, docs);
    await this.onChanged(name);
    return { documents: docs.length, changed: changed.length };
  }
}
