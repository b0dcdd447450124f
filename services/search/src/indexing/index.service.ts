import type { SearchRepository } from "@catalog/db";
import { buildDocuments } from "./documents.js";

/** Keeps a server's search documents in step with the catalog; only changed texts are rewritten. */
export class IndexService {
  constructor(private readonly repo: SearchRepository) {}

  async indexServer(name: string): Promise<{ documents: number; changed: number }> {
    const server = await this.repo.loadServer(name);
    if (!server || server.status === "deleted") {
      await this.repo.removeServer(name);
      return { documents: 0, changed: 0 };
    }
    const docs = buildDocuments(server);
    const stored = await this.repo.documentHashes(name);
    const changed = docs.filter((d) => stored.get(d.id) !== d.contentHash);
    if (changed.length > 0 || stored.size !== docs.length) await this.repo.syncDocuments(name, docs, changed);
    return { documents: docs.length, changed: changed.length };
  }
}
