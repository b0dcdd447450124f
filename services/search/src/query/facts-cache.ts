import type { SearchFilters } from "@catalog/contracts";
import type { SearchRepository } from "@catalog/db";
import { matchesFilters, type ServerFacts } from "@catalog/search-core";
import { qualityLabel } from "@catalog/contracts";

/**
 * The facts of every indexed server (class, trust, flags, categories, transports and what a
 * result shows), held in memory so filters cost no query. Reloaded whole every few seconds
 * (trust and quality change without an index job) and per server on every index change.
 */
export class FactsCache {
  private facts = new Map<string, ServerFacts>();

  constructor(private readonly repo: SearchRepository) {}

  get size(): number {
    return this.facts.size;
  }

  get(name: string): ServerFacts | undefined {
    return this.facts.get(name);
  }

  async reloadAll(): Promise<void> {
    const rows = await this.repo.serverFacts();
    this.facts = new Map(rows.map((r) => [r.name, toFacts(r)]));
  }

  /** Refreshes the named servers (those no longer indexed leave). */
  async reload(names: readonly string[]): Promise<void> {
    const rows = await this.repo.serverFacts(names);
    const found = new Set(rows.map((r) => r.name));
    for (const row of rows) this.facts.set(row.name, toFacts(row));
    for (const name of names) if (!found.has(name)) this.facts.delete(name);
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
