import type {
  IndexableServer,
  SearchDocumentWrite,
  SearchIndexStateRepository,
  SearchRepository,
} from "@catalog/db";
import type { VectorSync } from "./vector-sync.js";
import { buildDocuments } from "./documents.js";

export type IndexOutcome = { documents: number; changed: number };

/** Statistics are refreshed once this share of the documents (and at least 1,000) was written. */
const ANALYZE_SHARE = 0.1;
const ANALYZE_MIN = 1000;

/** Texts of servers that have no vector yet: server name to the texts' hashes. */
export type OwedEmbeddings = ReadonlyMap<string, readonly string[]>;

/**
 * Keeps servers' search documents and vectors in step with the catalog, many servers at a time:
 * one read of the servers, one of their stored hashes, one write of the changed documents per
 * batch. Only changed texts are rewritten. Index jobs never embed: a document is keyword-searchable
 * once written, with the vectors already stored for its text; texts without one are handed to
 * `oweEmbeddings` (embed jobs, `embedServers`), so a cold start of thousands of servers is
 * keyword-searchable long before the model has embedded them. `onChanged` tells every replica to
 * refresh what it holds in memory. Which state of each server was indexed is recorded (`state`),
 * so that the reconciler finds the servers whose index job Redis lost.
 */
export class IndexService {
  private writtenSinceAnalyze = 0;
  private documentsAtAnalyze = 0;

  constructor(
    private readonly repo: SearchRepository,
    private readonly state: SearchIndexStateRepository,
    private readonly vectors: () => VectorSync | undefined,
    private readonly onChanged: (serverNames: readonly string[]) => Promise<void>,
    private readonly oweEmbeddings: (owed: OwedEmbeddings) => Promise<void>,
  ) {}

  async indexServer(name: string): Promise<IndexOutcome> {
    return (await this.indexServers([name])).get(name)!;
  }

  async indexServers(names: readonly string[]): Promise<Map<string, IndexOutcome>> {
    const unique = [...new Set(names)];
    const found = await this.repo.loadServers(unique);
    const live = found.filter((s) => s.status !== "deleted");
    const liveNames = new Set(live.map((s) => s.name));
    const gone = unique.filter((name) => !liveNames.has(name));
    const outcomes = new Map<string, IndexOutcome>(gone.map((name) => [name, { documents: 0, changed: 0 }]));
    if (gone.length > 0) {
      await this.repo.removeServers(gone);
      await this.vectors()?.removeServers(gone);
      await this.state.removed(gone);
    }
    if (live.length > 0) {
      for (const [name, outcome] of await this.writeDocuments(live)) outcomes.set(name, outcome);
      await this.state.indexed(live);
    }
    await this.onChanged(unique);
    return outcomes;
  }

  private async writeDocuments(servers: readonly IndexableServer[]): Promise<Map<string, IndexOutcome>> {
    const byServer = new Map(servers.map((s) => [s.name, buildDocuments(s)]));
    const docs = [...byServer.values()].flat();
    const stored = await this.repo.documentHashes([...byServer.keys()]);
    const changed = docs.filter((d) => stored.get(d.id) !== d.contentHash);
    if (changed.length > 0 || stored.size !== docs.length) {
      await this.repo.syncDocuments(
        [...byServer.keys()],
        docs.map((d) => d.id),
        changed,
      );
    }
    await this.keepStatistics(changed.length);
    // Even when no text changed: a retried job or a new model may still lack vectors.
    const owed = await this.vectors()?.placeStored(byServer);
    if (owed && owed.size > 0) await this.oweEmbeddings(owed);
    return this.outcomes(byServer, changed);
  }

  /**
   * An embed batch: embeds the servers' texts that have no vector yet and places their vectors
   * (read afresh: a server changed since its index job gets the vectors of its current texts).
   * Returns how many texts were embedded; the caller announces the servers.
   */
  async embedServers(names: readonly string[]): Promise<number> {
    const sync = this.vectors();
    if (!sync) throw new Error("embedding model not loaded");
    const live = (await this.repo.loadServers([...new Set(names)])).filter((s) => s.status !== "deleted");
    return sync.embedServers(new Map(live.map((s) => [s.name, buildDocuments(s)])));
  }

  /** A bulk load changes the documents' statistics faster than autovacuum follows. */
  private async keepStatistics(written: number): Promise<void> {
    this.writtenSinceAnalyze += written;
    if (this.writtenSinceAnalyze < Math.max(ANALYZE_MIN, this.documentsAtAnalyze * ANALYZE_SHARE)) return;
    this.writtenSinceAnalyze = 0;
    this.documentsAtAnalyze = await this.repo.refreshStatistics();
  }

  private outcomes(
    byServer: ReadonlyMap<string, readonly SearchDocumentWrite[]>,
    changed: readonly SearchDocumentWrite[],
  ): Map<string, IndexOutcome> {
    const changedOf = new Map<string, number>();
    for (const d of changed) changedOf.set(d.serverName, (changedOf.get(d.serverName) ?? 0) + 1);
    return new Map(
      [...byServer].map(([name, list]) => [
        name,
        { documents: list.length, changed: changedOf.get(name) ?? 0 },
      ]),
    );
  }
}
