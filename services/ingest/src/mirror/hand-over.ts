import { CatalogInboxRepository, CatalogRepository, versionKey, type PrismaClient } from "@catalog/db";
import { stableJobId, type HandedOverJob, type JobBus, type JobInput } from "@catalog/queue";
import { entryHash, officialMeta, type RegistryEntry } from "@catalog/registry";

export type HandOverResult = { handedOver: number; unchanged: number };

type ToolList = Pick<JobInput<"catalog", "import-tools">, "serverName" | "tools">;

/**
 * Hands work to the catalog that only its job carries: mirrored or imported versions and imported
 * tool lists. Each job is recorded first in the catalog's inbox (PostgreSQL), which the catalog
 * clears once it wrote the work, so that a job Redis loses is queued again by the catalog's
 * reconciler. Job ids are derived from the content, so handing the same work over twice (a
 * resumed page, a repeated import) queues it once.
 */
export class CatalogHandOver {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly inbox: CatalogInboxRepository,
    private readonly bus: JobBus,
  ) {}

  static create(prisma: PrismaClient, bus: JobBus): CatalogHandOver {
    return new CatalogHandOver(new CatalogRepository(prisma), new CatalogInboxRepository(prisma), bus);
  }

  /** An upsert job for every entry whose content differs from what the catalog holds. */
  async versions(entries: readonly RegistryEntry[], source: "mirror" | "import"): Promise<HandOverResult> {
    const stored = await this.catalog.versionHashes(
      entries.map((e) => ({ name: e.server.name, version: e.server.version })),
    );
    const changed = entries
      .map((entry) => ({ entry, hash: entryHash(entry.server, officialMeta(entry)) }))
      .filter(({ entry, hash }) => stored.get(versionKey(entry.server.name, entry.server.version)) !== hash);
    await this.queue(
      changed.map(({ entry, hash }) => ({
        jobId: stableJobId("upsert", entry.server.name, entry.server.version, hash),
        name: "upsert-version",
        data: { entry, hash, source },
      })),
    );
    return { handedOver: changed.length, unchanged: entries.length - changed.length };
  }

  /** An import job for every tool list, as observed at `observedAt`. */
  async toolLists(lists: readonly ToolList[], observedAt: string): Promise<void> {
    await this.queue(
      lists.map(({ serverName, tools }) => ({
        jobId: stableJobId("tools", serverName, observedAt),
        name: "import-tools",
        data: { serverName, tools, observedAt },
      })),
    );
  }

  private async queue(jobs: HandedOverJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.inbox.record(jobs);
    await this.bus.requeue("catalog", jobs);
  }
}
