import type { CatalogRepository } from "@catalog/db";
import type { DerivedService } from "./derived.service.js";

/**
 * Re-derives the servers a name or `<namespace>/*` designates, each in its own locked
 * transaction: after a blocklist change or a new dependency report, nothing else about them
 * changed, so no other write is needed.
 */
export class RefreshServersService {
  constructor(
    private readonly repo: CatalogRepository,
    private readonly derived: DerivedService,
  ) {}

  async refresh(match: string): Promise<number> {
    const names = await this.repo.serverNamesMatching(match);
    for (const name of names) await this.repo.withServerLock(name, (tx) => this.derived.refresh(tx, name));
    return names.length;
  }
}
