import { versionKey, type CatalogRepository } from "@catalog/db";
import { stableJobId, type JobBus } from "@catalog/queue";
import { entryHash, officialMeta, type RegistryEntry } from "@catalog/registry";

export type HandOverResult = { handedOver: number; unchanged: number };

/**
 * Queues a catalog upsert job for every entry whose content differs from what the catalog
 * holds. Job ids are derived from the content, so handing the same entry over twice (a resumed
 * page, a repeated import) queues it once.
 */
export class VersionHandOver {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly bus: JobBus,
  ) {}

  async handOver(entries: readonly RegistryEntry[], source: "mirror" | "import"): Promise<HandOverResult> {
    const stored = await this.catalog.versionHashes(
      entries.map((e) => ({ name: e.server.name, version: e.server.version })),
    );
    const changed = entries
      .map((entry) => ({ entry, hash: entryHash(entry.server, officialMeta(entry)) }))
      .filter(({ entry, hash }) => stored.get(versionKey(entry.server.name, entry.server.version)) !== hash);
    const jobs = await this.bus.addBulk(
      "catalog",
      "upsert-version",
      changed.map(({ entry, hash }) => ({
        data: { entry, hash, source },
        opts: { jobId: stableJobId("upsert", entry.server.name, entry.server.version, hash) },
      })),
    );
    // A job that failed for good earlier has the same id and would block this one: retry it.
    for (const job of jobs) {
      if ((await job.getState()) === "failed") await job.retry();
    }
    return { handedOver: changed.length, unchanged: entries.length - changed.length };
  }
}
