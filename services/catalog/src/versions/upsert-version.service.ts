import type { CatalogRepository } from "@catalog/db";
import { stableJobId, type JobBus, type JobData } from "@catalog/queue";
import { chooseLatest, namespaceOf, OFFICIAL_META_KEY, OfficialMetaSchema } from "@catalog/registry";
import type { DerivedService } from "../servers/derived.service.js";

export type UpsertOutcome = "created" | "updated" | "unchanged" | "stale";

/**
 * Writes one server version from the mirror or an import. Idempotent: the same payload twice
 * changes nothing, and an older copy of a version never overwrites a newer one. Each write
 * settles which version is latest and refreshes the server's derived facts in the same
 * transaction, then asks the search service to re-index the server and, for a new or changed
 * release, the ingest service to read its packages' dependency graphs (unless dependencies
 * are switched off: an air-gapped install queues nothing no one may run).
 */
export class UpsertVersionService {
  constructor(
    private readonly repo: CatalogRepository,
    private readonly derived: DerivedService,
    private readonly bus: JobBus,
    private readonly dependenciesEnabled = true,
  ) {}

  async upsert({ entry, hash, source }: JobData<"catalog", "upsert-version">): Promise<UpsertOutcome> {
    const { name, version } = entry.server;
    const meta = OfficialMetaSchema.parse(entry._meta[OFFICIAL_META_KEY]);
    const publishedAt = new Date(meta.publishedAt);
    const updatedAt = new Date(meta.updatedAt);
    const outcome = await this.repo.withServerLock(name, async (tx): Promise<UpsertOutcome> => {
      const { existing, latest: current } = await this.repo.versionState(tx, name, version);
      if (existing?.contentHash === hash) return "unchanged";
      if (existing && updatedAt < existing.updatedAt) return "stale";
      await this.repo.ensureServer(tx, name, namespaceOf(name), publishedAt, updatedAt);
      const latest = chooseLatest({ version, isLatest: meta.isLatest, publishedAt }, current);
      await this.repo.writeVersion(tx, {
        serverName: name,
        version,
        serverJson: entry.server,
        officialMeta: entry._meta[OFFICIAL_META_KEY],
        status: meta.status,
        statusChangedAt: meta.statusChangedAt ? new Date(meta.statusChangedAt) : null,
        statusMessage: meta.statusMessage ?? null,
        publishedAt,
        updatedAt,
        isLatest: latest === version,
        contentHash: hash,
        source,
      });
      await this.repo.setLatest(tx, name, latest);
      await this.derived.refresh(tx, name);
      return existing ? "updated" : "created";
    });
    // Also after "unchanged": a retried job may have committed before these jobs were queued.
    await this.bus.add("search", "index-server", { serverName: name });
    if (this.dependenciesEnabled && outcome !== "stale" && hasNpmOrPypiPackage(entry.server)) {
      await this.bus.add(
        "dependencies",
        "resolve",
        { serverName: name },
        { jobId: stableJobId("resolve", name, hash) },
      );
    }
    return outcome;
  }
}

/** Whether a version has a package whose dependency graph deps.dev can resolve. */
function hasNpmOrPypiPackage(server: Record<string, unknown>): boolean {
  const packages = Array.isArray(server.packages) ? (server.packages as { registryType?: unknown }[]) : [];
  return packages.some((p) => p.registryType === "npm" || p.registryType === "pypi");
}
