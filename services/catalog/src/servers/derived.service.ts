import { assessConnectability, evidenceFromProbe } from "@catalog/connectability";
import type { CatalogRepository, ProbesRepository, ProbeTargetRemote, Tx } from "@catalog/db";
import { ServerJsonSchema, repositoryUrl, type ServerJson } from "@catalog/registry";

/**
 * Recomputes what the catalog derives for a server from its versions and evidence: the
 * latest version's facts, its connectability (judged with the latest probe of each remote) and
 * its probe targets (the latest version's probeable remotes). Runs inside the caller's transaction.
 */
export class DerivedService {
  constructor(
    private readonly repo: CatalogRepository,
    private readonly probes: ProbesRepository,
    private readonly firstProbeWithinMs: number,
  ) {}

  async refresh(tx: Tx, name: string): Promise<void> {
    const facts = await this.repo.serverFacts(tx, name);
    if (!facts) return;
    const { source: latest, ...span } = facts;
    const server = ServerJsonSchema.parse(latest.serverJson);
    const evidence = (await this.probes.latestProbes(tx, name)).map((p) =>
      evidenceFromProbe(p.url, p.outcome, p.result),
    );
    const connection = assessConnectability(server, evidence);
    const remotes = latest.status === "deleted" ? [] : probeableRemotes(server);
    await this.probes.syncTargets(tx, name, remotes, this.firstProbeWithinMs, new Date());
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

/** Remotes a probe can reach as declared: a known transport and a URL without template variables. */
export function probeableRemotes(server: ServerJson): ProbeTargetRemote[] {
  const seen = new Set<string>();
  const out: ProbeTargetRemote[] = [];
  for (const remote of server.remotes ?? []) {
    if (remote.type !== "streamable-http" && remote.type !== "sse") continue;
    if (/\{[^}]+\}/.test(remote.url) || !URL.canParse(remote.url) || seen.has(remote.url)) continue;
    seen.add(remote.url);
    out.push({ url: remote.url, transport: remote.type });
  }
  return out;
}
