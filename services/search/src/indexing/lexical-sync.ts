import type { LexicalRow, SearchRepository } from "@catalog/db";
import { CapabilityIndex } from "../query/capability-index.js";
import type { TrainedMeaning } from "../query/search.engine.js";
import { MemoryVectorIndex } from "../vectors/memory.index.js";
import {
  LexicalIndex,
  NameIndex,
  serverNameText,
  type Bm25fParams,
  type LexicalDocument,
  type TrainedEncoder,
} from "@catalog/lexical";

/** Rows read per page when the index is built at start. */
const LOAD_PAGE = 5000;

/**
 * Keeps the in-memory lexical, name and capability indexes in step with the search documents in
 * PostgreSQL: built whole at start, then one server at a time whenever this replica or another
 * one indexes it. Changes announced while the whole index is being built are applied after it,
 * so a page read before a change never overwrites the change. With an encoder trained here, the
 * documents' vectors under it too (docs/search.md, "A model trained here"): they cost
 * microseconds each, so they are computed as the documents are read, never stored.
 */
export class LexicalSync {
  readonly index: LexicalIndex;
  readonly names = new NameIndex();
  readonly capabilities = new CapabilityIndex();
  readonly trained: TrainedMeaning | undefined;
  private loading = false;
  private readonly pending = new Set<string>();

  /**
   * `params`: other BM25F parameters than the calibrated ones (calibration runs); `trained`: the
   * encoder whose document vectors are kept, exact up to `exactMax` per kind (HNSW above).
   */
  constructor(
    private readonly repo: SearchRepository,
    params?: Bm25fParams,
    trained?: { encoder: TrainedEncoder; exactMax: number },
  ) {
    this.index = new LexicalIndex(params);
    this.trained = trained && {
      encoder: trained.encoder,
      index: new MemoryVectorIndex(trained.encoder.dimensions, { exactMax: trained.exactMax }),
    };
  }

  /** Builds both indexes from every stored document; returns how many were read. */
  async loadAll(): Promise<number> {
    this.loading = true;
    let read = 0;
    try {
      // Pages come in server order: a server is applied once the next one starts.
      let open: LexicalRow[] = [];
      for await (const page of this.pages()) {
        read += page.length;
        for (const row of page) {
          if (open.length > 0 && open[0]!.serverName !== row.serverName) {
            this.apply(open[0]!.serverName, open);
            open = [];
          }
          open.push(row);
        }
      }
      if (open.length > 0) this.apply(open[0]!.serverName, open);
      this.trained?.index.loaded?.();
    } finally {
      this.loading = false;
    }
    const changed = [...this.pending];
    this.pending.clear();
    if (changed.length > 0) await this.reload(changed);
    return read;
  }

  /** Re-reads the named servers' documents (a server without any leaves the indexes). */
  async reload(serverNames: readonly string[]): Promise<void> {
    if (this.loading) {
      for (const name of serverNames) this.pending.add(name);
      return;
    }
    const byServer = new Map<string, LexicalRow[]>(serverNames.map((name) => [name, []]));
    for (const row of await this.repo.lexicalRows(serverNames)) byServer.get(row.serverName)?.push(row);
    for (const [name, rows] of byServer) this.apply(name, rows);
  }

  private async *pages(): AsyncGenerator<LexicalRow[]> {
    let after: LexicalRow | undefined;
    for (;;) {
      const page = await this.repo.lexicalPage(after, LOAD_PAGE);
      if (page.length === 0) return;
      yield page;
      after = page.at(-1);
    }
  }

  private apply(server: string, rows: readonly LexicalRow[]): void {
    if (this.trained) {
      const { encoder, index } = this.trained;
      // The in-process index applies a change before its promise resolves: in step with the others.
      void index.replaceServer(
        server,
        rows.map((r) => ({
          id: r.id,
          serverName: server,
          kind: r.toolName === null ? "server" : "tool",
          toolName: r.toolName,
          vector: encoder.embed(trainedText(r)),
        })),
      );
    }
    if (rows.length === 0) {
      this.index.removeServer(server);
      this.names.remove(server);
      this.capabilities.remove(server);
      return;
    }
    this.index.setServer(server, rows.map(toDocument));
    this.names.set(server, rows.find((r) => r.toolName === null)?.title ?? null);
    this.capabilities.set(server, rows);
  }
}

/** The text of a document the trained encoder embeds: its title (its names' words) and description. */
export function trainedText(row: Pick<LexicalRow, "title" | "body">): string {
  return `${row.title}. ${row.body}`;
}

/**
 * A stored document as the lexical index reads it. A server's title column holds its title and
 * its name segment's words, a tool's holds its title and its name's words: the tool's names.
 */
function toDocument(row: LexicalRow): LexicalDocument {
  const server = row.toolName === null;
  return {
    tool: row.toolName,
    hash: Number.parseInt(row.contentHash.slice(0, 8), 16) || 0,
    fields: {
      name: server ? serverNameText(row.serverName) : "",
      title: row.title,
      description: row.body,
      params: row.params,
    },
  };
}
