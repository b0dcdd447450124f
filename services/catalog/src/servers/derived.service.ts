import { assessConnectability } from "@catalog/connectability";
import type { CatalogRepository, Tx } from "@catalog/db";
import { ServerJsonSchema, repositoryUrl } from "@catalog/registry";

/**
 * Recomputes what the catalog derives for a server from its versions and evidence: the
 * latest version's facts and its connectability. Runs inside the caller's transaction.
 */
export class DerivedService {
  constructor(private readonly repo: CatalogRepository) {}

  async refresh(tx: Tx, name: string): Promise<void> {
    const facts = await this.repo.serverFacts(tx, name);
    if (!facts) return;
    const { source: latest, ...span } = facts;
    const server = ServerJsonSchema.parse(latest.serverJson);
    const connection = assessConnectability(server);
    await this.repo.updateServer(tx, name, {
      latestVersion: latest.version,
      status: latest.status,
      title: server.title ?? null,
      description: server.description,
      websiteUrl: server.websiteUrl ?? null,
      repositoryUrl: repositoryUrl(server) ?? null,
      firstPublishedAt: span.first,
      updatedAt: span.updated,
      deletedAt: latest.status === "deleted" ? (latest.statusChangedAt ?? latest.updatedAt) : null,
      connectionClass: connection.class,
      autonomous: connection.autonomous,
      humanSteps: connection.human_steps,
      connectability: connection,
      derivedStale: false,
    });
  }
}
