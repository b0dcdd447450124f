import type { Logger } from "@catalog/observability";
import type { LexicalSync } from "../indexing/lexical-sync.js";
import type { FactsCache } from "../query/facts-cache.js";
import type { SearchEngine } from "../query/search.engine.js";
import type { SemanticLoader } from "../startup/semantic-loader.js";
import type { ChangeFeed } from "./change-feed.js";

/** A change of the whole index, on the change channel. */
const EVERYTHING = "*";

export type ReplicaParts = {
  lexical: LexicalSync;
  facts: FactsCache;
  engine: SearchEngine;
  semantic: SemanticLoader;
  feed: ChangeFeed;
  log: Logger;
};

/**
 * What this replica holds of the catalog, kept current: servers it indexed itself, servers
 * another replica indexed (heard on the change feed), and the facts read again on a timer.
 */
export class ReplicaRefresh {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly parts: ReplicaParts) {}

  /** What this replica holds of these servers, read again after they changed. */
  async refresh(names: readonly string[]): Promise<void> {
    await Promise.all([this.parts.lexical.reload(names), this.parts.facts.reload(names)]);
    this.parts.engine.invalidate();
  }

  /** Every answer may have changed (the gateways forget the search answers they keep). */
  announceEverything(): void {
    this.parts.feed
      .publish([EVERYTHING])
      .catch((err: Error) => this.parts.log.warn({ err: err.message }, "announce failed"));
  }

  /** Another replica indexed a server: refresh it here too (and its vectors in an in-process index). */
  follow(name: string): void {
    const { engine, semantic, log } = this.parts;
    // Another replica's answers changed as a whole (its model or keyword index became ready).
    if (name === EVERYTHING) return engine.invalidate();
    const refreshAll = async () => {
      await this.refresh([name]);
      const sync = semantic.sync;
      if (sync && !sync.shared) await sync.reloadServer(name);
      engine.invalidate();
    };
    refreshAll().catch((err: Error) => log.warn({ err: err.message, server: name }, "refresh failed"));
  }

  /** Reads every server's facts again every `ms` (trust, quality and counts change without an index job). */
  refreshFactsEvery(ms: number): void {
    this.timer = setInterval(() => {
      this.parts.facts
        .reloadAll()
        .catch((err: Error) => this.parts.log.warn({ err: err.message }, "facts reload failed"));
    }, ms);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
