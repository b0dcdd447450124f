import type { SearchFilters } from "@catalog/contracts";
import type { SearchRepository } from "@catalog/db";
import { matchesFilters, type ServerFacts } from "@catalog/search-core";
import { qualityLabel } from "@catalog/contracts";

type FactsSource = Pick<SearchRepository, "serverFacts">;

/**
 * The facts of every indexed server (class, trust, flags, categories, transports and what a
 * result shows), held in memory so filters cost no query. Reloaded whole every few seconds
 * (trust and quality change without an index job) and per server on every index change.
 *
 * Reads overlap (a full reload takes long on a big catalog), so each is numbered when it
 * starts and a server keeps the state of the newest read that began: a full reload that
 * began before a server's own reload does not bring back what that reload replaced.
 */
export class FactsCache {
  private facts = new Map<string, ServerFacts>();
  /** The read that started last. */
  private reads = 0;
  /** The full reload whose rows are held. */
  private fullAt = 0;
  /** Servers read on their own after that full reload began (removed ones included), by read. */
  private readAt = new Map<string, number>();

  constructor(private readonly repo: FactsSource) {}

  get size(): number {
    return this.facts.size;
  }

  get(name: string): ServerFacts | undefined {
    return this.facts.get(name);
  }

  async reloadAll(): Promise<void> {
    const at = ++this.reads;
    const rows = await this.repo.serverFacts();
    if (at < this.fullAt) return;
    const next = new Map(rows.map((r) => [r.name, toFacts(r)]));
    const newer = new Map([...this.readAt].filter(([, read]) => read > at));
    for (const name of newer.keys()) {
      const kept = this.facts.get(name);
      if (kept) next.set(name, kept);
      else next.delete(name);
    }
    this.facts = next;
    this.fullAt = at;
    this.readAt = newer;
  }

  /** Refreshes the named servers (those no longer indexed leave). */
  async reload(names: readonly string[]): Promise<void> {
    const at = ++this.reads;
    const rows = new Map((await this.repo.serverFacts(names)).map((r) => [r.name, r]));
    for (const name of names) {
      if (Math.max(this.fullAt, this.readAt.get(name) ?? 0) > at) continue;
      const row = rows.get(name);
      if (row) this.facts.set(name, toFacts(row));
      else this.facts.delete(name);
      this.readAt.set(name, at);
    }
  }

  /** Names of the servers that pass the filters. */
  allowed(filters: SearchFilters): Set<string> {
    const names = new Set<string>();
    for (const f of this.facts.values()) if (matchesFilters(f, filters)) names.add(f.name);
    return names;
  }
}

function toFacts(row: Awaited<ReturnType<SearchRepository["serverFacts"]>>[number]): ServerFacts {
  return { ...row, qualityLabel: qualityLabel(row.qualityScore) };
}
