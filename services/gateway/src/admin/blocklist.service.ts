import type { BlocklistEntry } from "@catalog/contracts";
import type { BlocklistRepository, BlocklistRow } from "@catalog/db";
import { announceChanges, type JobBus } from "@catalog/queue";

const view = (row: BlocklistRow): BlocklistEntry => ({
  name: row.name,
  reason: row.reason,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
});

/**
 * Operators add and remove blocklist entries (the admin endpoint and the CLI both come here).
 * Connections read the table directly, so a block answers 403 at once on every replica (the
 * entry is announced, so replicas drop the reads they kept); the catalog is then asked to
 * re-derive the servers the entry covers, which sets or clears their `blocked` trust flag.
 */
export class BlocklistService {
  constructor(
    private readonly repo: BlocklistRepository,
    private readonly bus: JobBus,
  ) {}

  async list(): Promise<BlocklistEntry[]> {
    return (await this.repo.list()).map(view);
  }

  async add(name: string, reason: string, by: string): Promise<BlocklistEntry> {
    const row = await this.repo.add(name, reason, by);
    await announceChanges(this.bus.redis(), this.bus.prefix, [name]);
    await this.bus.add("catalog", "refresh-servers", { match: name });
    return view(row);
  }

  async remove(name: string): Promise<boolean> {
    const removed = await this.repo.remove(name);
    if (removed) {
      await announceChanges(this.bus.redis(), this.bus.prefix, [name]);
      await this.bus.add("catalog", "refresh-servers", { match: name });
    }
    return removed;
  }
}
