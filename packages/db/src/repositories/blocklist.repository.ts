import type { PrismaClient } from "../prisma.js";

export type BlocklistRow = { name: string; reason: string; createdBy: string; createdAt: Date };

/** The operators' blocklist (server names and `<namespace>/*`); written by the admin endpoint and CLI. */
export class BlocklistRepository {
  constructor(private readonly prisma: PrismaClient) {}

  list(): Promise<BlocklistRow[]> {
    return this.prisma.blocklistEntry.findMany({ orderBy: { name: "asc" } });
  }

  /** Adds an entry, or updates the reason of an existing one. */
  add(name: string, reason: string, createdBy: string): Promise<BlocklistRow> {
    return this.prisma.blocklistEntry.upsert({
      where: { name },
      create: { name, reason, createdBy },
      update: { reason, createdBy },
    });
  }

  /** Removes an entry; false when there was none. */
  async remove(name: string): Promise<boolean> {
    const { count } = await this.prisma.blocklistEntry.deleteMany({ where: { name } });
    return count > 0;
  }
}
