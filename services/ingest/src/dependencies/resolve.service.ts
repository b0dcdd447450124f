import { DAY_MS } from "@catalog/contracts";
import {
  ecosystemOf,
  freshnessOf,
  readGraph,
  type Advisory,
  type Ecosystem,
  type ResolvedGraph,
} from "@catalog/dependencies";
import type { AdvisoryWrite, DependenciesRepository, DependencyStatusId, FreshnessWrite } from "@catalog/db";
import type { JobBus } from "@catalog/queue";
import { ServerJsonSchema } from "@catalog/registry";
import type { AdvisoryMatcher } from "./advisory-matcher.js";
import type { DepsDevClient, PackageVersions } from "./depsdev.client.js";

export type ResolveSettings = { refreshDays: number; monitorTop: number };

type Outcome = {
  status: DependencyStatusId;
  version: string;
  graph: ResolvedGraph | null;
  error: string | null;
  freshness: FreshnessWrite | null;
};

/** A report's graph as stored: nodes and edges trimmed to what matching and display need. */
const storedGraph = (g: ResolvedGraph) => ({ nodes: g.nodes, edges: g.edges });

export function advisoryWrite(a: Advisory): AdvisoryWrite {
  return {
    osvId: a.id,
    severity: a.severity,
    summary: a.summary,
    packageName: a.package,
    version: a.version,
    relation: a.relation,
    fixedIn: a.fixedIn,
    url: a.url,
  };
}

/**
 * Reads the dependency graph of each npm and PyPI package of a server's latest version from
 * deps.dev and matches it against OSV, then asks the catalog to re-derive the server. A report
 * still fresh is left alone unless forced: graphs are read on each new release, again after
 * DEPENDENCY_REFRESH_DAYS, daily for monitored servers, and daily while deps.dev has not resolved
 * the version yet (pending) or does not know it (unknown).
 */
export class ResolveDependenciesService {
  constructor(
    private readonly repo: DependenciesRepository,
    private readonly depsDev: DepsDevClient,
    private readonly matcher: AdvisoryMatcher,
    private readonly bus: JobBus,
    private readonly settings: ResolveSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Returns how many reports it wrote or removed. */
  async resolve(serverName: string, force = false): Promise<number> {
    const server = ServerJsonSchema.safeParse(await this.repo.latestServerJson(serverName));
    // Deleted upstream (or unknown): its reports describe nothing any more, nor may its trust.
    if (!server.success) {
      const removed = await this.repo.removeOthers(serverName, []);
      if (removed > 0) await this.bus.add("catalog", "refresh-servers", { match: serverName });
      return removed;
    }
    const monitored = await this.repo.isMonitored(serverName, this.settings.monitorTop);
    const packages = (server.data.packages ?? []).flatMap((p) => {
      const ecosystem = ecosystemOf(p.registryType);
      return ecosystem ? [{ ecosystem, name: p.identifier, declared: p.version?.trim() || "latest" }] : [];
    });
    // Reports of packages the latest version no longer declares are obsolete (and never refreshed).
    let written = await this.repo.removeOthers(
      serverName,
      packages.map((p) => ({ ecosystem: p.ecosystem.id, packageName: p.name, version: p.declared })),
    );
    for (const { ecosystem, name, declared } of packages) {
      const existing = await this.repo.report(serverName, ecosystem.id, name, declared);
      const now = this.now();
      if (!force && existing && existing.status !== "pending" && existing.nextRefreshAt > now) continue;
      const outcome = await this.read(ecosystem, name, declared);
      const [advisories] = outcome.graph
        ? await this.matcher.match([{ ecosystem, nodes: outcome.graph.nodes }])
        : [[]];
      const settled = outcome.status === "resolved" || outcome.status === "incomplete";
      await this.repo.save(
        {
          serverName,
          ecosystem: ecosystem.id,
          packageName: name,
          version: declared,
          status: outcome.status,
          dependencyCount: outcome.graph?.dependencyCount ?? 0,
          mcpSdk: outcome.graph?.mcpSdk ?? null,
          graph: outcome.graph ? { resolved_version: outcome.version, ...storedGraph(outcome.graph) } : null,
          resolvedAt: settled ? now : null,
          nextRefreshAt: new Date(
            now.getTime() + (settled && !monitored ? this.settings.refreshDays * DAY_MS : DAY_MS),
          ),
          error: outcome.error,
          freshness: outcome.freshness,
        },
        (advisories ?? []).map(advisoryWrite),
        now,
      );
      written++;
    }
    if (written > 0) await this.bus.add("catalog", "refresh-servers", { match: serverName });
    return written;
  }

  /**
   * The graph of one package version: resolved or incomplete as deps.dev computed it; pending when
   * deps.dev lists the version but has no graph for it yet; unknown when it knows neither.
   * "latest" (a package without a pinned version) is the package's default version. The package's
   * version list (one GetPackage call, through the same throttled client) also gives its newest
   * version beside the listed one.
   */
  private async read(ecosystem: Ecosystem, name: string, declared: string): Promise<Outcome> {
    const known = await this.depsDev.versions(ecosystem, name);
    const version = declared === "latest" ? known?.defaultVersion : declared;
    if (!version) {
      return {
        status: "unknown",
        version: declared,
        graph: null,
        error: "no default version",
        freshness: null,
      };
    }
    const freshness = freshnessWrite(ecosystem, version, known);
    const raw = await this.depsDev.dependencies(ecosystem, name, version);
    if (raw !== null) {
      const graph = readGraph(raw, ecosystem);
      const error = graph.errors.join("; ").slice(0, 1000) || null;
      return { status: graph.status, version, graph, error, freshness };
    }
    if (known?.versions.includes(version)) {
      const error = "deps.dev has not resolved this version yet";
      return { status: "pending", version, graph: null, error, freshness };
    }
    const error = known ? `deps.dev does not know version ${version}` : "deps.dev does not know this package";
    return { status: "unknown", version, graph: null, error, freshness };
  }
}

/** The listed version beside the package's newest (packages/dependencies freshness). */
function freshnessWrite(
  ecosystem: Ecosystem,
  listed: string,
  known: PackageVersions | null,
): FreshnessWrite | null {
  const f = known && freshnessOf(ecosystem, listed, known.published);
  if (!f) return null;
  return {
    newestVersion: f.newest,
    newestPublishedAt: f.newestPublishedAt,
    listedPublishedAt: f.listedPublishedAt,
    behind: f.behind,
  };
}
