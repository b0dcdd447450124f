import { Prisma, type PrismaClient } from "../prisma.js";
import type { McpSdk } from "@catalog/contracts";

export type DependencyStatusId = "resolved" | "incomplete" | "unknown" | "pending";

export type StoredReport = {
  id: bigint;
  status: DependencyStatusId;
  nextRefreshAt: Date;
};

export type ReportWrite = {
  serverName: string;
  ecosystem: string;
  packageName: string;
  version: string;
  status: DependencyStatusId;
  dependencyCount: number;
  mcpSdk: McpSdk | null;
  graph: unknown;
  resolvedAt: Date | null;
  nextRefreshAt: Date;
  error: string | null;
  /** The package's newest version beside the listed one; null (or absent) when deps.dev lists none. */
  freshness?: FreshnessWrite | null;
};

/** What `freshnessOf` (@catalog/dependencies) found: the newest version and whether the listing is behind. */
export type FreshnessWrite = {
  newestVersion: string;
  newestPublishedAt: Date | null;
  listedPublishedAt: Date | null;
  behind: "major" | "stale" | null;
};

export type AdvisoryWrite = {
  osvId: string;
  severity: string;
  summary: string;
  packageName: string;
  version: string;
  relation: string;
  fixedIn: string | null;
  url: string;
};

/** A report whose graph is known: what daily advisory matching reads. */
export type GraphReport = {
  id: bigint;
  serverName: string;
  ecosystem: string;
  graph: unknown;
};

const json = (v: unknown) => v as Prisma.InputJsonValue;

/** Dependency reports and their advisories; written only by the ingest service. */
export class DependenciesRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** The latest version's server.json, or null for an unknown or deleted server. */
  async latestServerJson(serverName: string): Promise<unknown> {
    const row = await this.prisma.serverVersion.findFirst({
      where: { serverName, isLatest: true, status: { not: "deleted" } },
      select: { serverJson: true },
    });
    return row?.serverJson ?? null;
  }

  /** Monitored: an account asked for it, or it is among the `top` servers by trust. */
  async isMonitored(serverName: string, top: number): Promise<boolean> {
    const [row] = await this.prisma.$queryRaw<{ monitored: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM monitored_servers WHERE server_name = ${serverName})
          OR ${serverName} IN (SELECT name FROM servers WHERE status <> 'deleted'
                               ORDER BY trust_score DESC, name LIMIT ${top}) AS monitored`;
    return row?.monitored ?? false;
  }

  async report(
    serverName: string,
    ecosystem: string,
    packageName: string,
    version: string,
  ): Promise<StoredReport | null> {
    const row = await this.prisma.dependencyReport.findUnique({
      where: { serverName_ecosystem_packageName_version: { serverName, ecosystem, packageName, version } },
      select: { id: true, status: true, nextRefreshAt: true },
    });
    return row;
  }

  /** Writes a report and, when given, replaces its advisories, in one transaction. */
  async save(report: ReportWrite, advisories: AdvisoryWrite[] | null, at: Date): Promise<void> {
    const { serverName, ecosystem, packageName, version, freshness, ...rest } = report;
    await this.prisma.$transaction(async (tx) => {
      const data = {
        ...rest,
        mcpSdk: json(rest.mcpSdk),
        graph: json(rest.graph),
        newestVersion: freshness?.newestVersion ?? null,
        newestPublishedAt: freshness?.newestPublishedAt ?? null,
        listedPublishedAt: freshness?.listedPublishedAt ?? null,
        behind: freshness?.behind ?? null,
      };
      const saved = await tx.dependencyReport.upsert({
        where: { serverName_ecosystem_packageName_version: { serverName, ecosystem, packageName, version } },
        create: { serverName, ecosystem, packageName, version, ...data },
        update: data,
        select: { id: true },
      });
      if (advisories) await replace(tx, saved.id, advisories, at);
    });
  }

  /** Replaces a report's advisories; true when the set changed. */
  async replaceAdvisories(reportId: bigint, advisories: AdvisoryWrite[], at: Date): Promise<boolean> {
    return this.prisma.$transaction((tx) => replace(tx, reportId, advisories, at));
  }

  /** Deletes the server's reports of package versions it no longer declares; returns how many. */
  async removeOthers(
    serverName: string,
    keep: { ecosystem: string; packageName: string; version: string }[],
  ): Promise<number> {
    const { count } = await this.prisma.dependencyReport.deleteMany({
      where: {
        serverName,
        NOT: keep.map((k) => ({ ecosystem: k.ecosystem, packageName: k.packageName, version: k.version })),
      },
    });
    return count;
  }

  /** Servers with a report whose refresh is due, oldest first. */
  async dueServers(now: Date, limit: number): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ name: string }[]>`
      SELECT server_name AS name FROM dependency_reports WHERE next_refresh_at <= ${now}
      GROUP BY server_name ORDER BY min(next_refresh_at) LIMIT ${limit}`;
    return rows.map((r) => r.name);
  }

  /**
   * Servers owed a resolve: their latest version declares an npm or PyPI package (version as
   * declared, "latest" when unpinned, as the resolve service records it) with no report (the
   * job was lost, or failed for good). With the latest version's content hash, the resolve job's
   * id. In name order after `after`.
   */
  owedResolves(after: string, limit: number): Promise<{ name: string; hash: string }[]> {
    return this.prisma.$queryRaw`
      SELECT s.name, v.content_hash AS hash FROM servers s
      JOIN server_versions v ON v.server_name = s.name AND v.is_latest
      WHERE s.status <> 'deleted' AND s.name > ${after} AND EXISTS (
        SELECT 1 FROM json_array_elements(COALESCE(v.server_json->'packages', '[]'::json)) p
        WHERE p->>'registryType' IN ('npm', 'pypi') AND NOT EXISTS (
          SELECT 1 FROM dependency_reports r
          WHERE r.server_name = s.name AND r.ecosystem = p->>'registryType' AND r.package_name = p->>'identifier'
            AND r.version = COALESCE(NULLIF(btrim(p->>'version'), ''), 'latest')))
      ORDER BY s.name LIMIT ${limit}`;
  }

  /** Reports with a graph (resolved or incomplete), in id order after `afterId`. */
  async graphReports(afterId: bigint, limit: number): Promise<GraphReport[]> {
    return this.prisma.dependencyReport.findMany({
      where: {
        id: { gt: afterId },
        status: { in: ["resolved", "incomplete"] },
        graph: { not: Prisma.DbNull },
      },
      orderBy: { id: "asc" },
      take: limit,
      select: { id: true, serverName: true, ecosystem: true, graph: true },
    });
  }
}

const key = (a: AdvisoryWrite) =>
  JSON.stringify([a.osvId, a.packageName, a.version, a.severity, a.fixedIn, a.relation, a.summary]);

async function replace(
  tx: Prisma.TransactionClient,
  reportId: bigint,
  advisories: AdvisoryWrite[],
  at: Date,
): Promise<boolean> {
  const stored = await tx.advisory.findMany({
    where: { reportId },
    select: {
      osvId: true,
      severity: true,
      summary: true,
      packageName: true,
      version: true,
      relation: true,
      fixedIn: true,
      url: true,
    },
  });
  const before = new Set(stored.map(key));
  const unique = [
    ...new Map(advisories.map((a) => [JSON.stringify([a.osvId, a.packageName, a.version]), a])).values(),
  ];
  const changed = before.size !== unique.length || unique.some((a) => !before.has(key(a)));
  if (changed) {
    await tx.advisory.deleteMany({ where: { reportId } });
    if (unique.length) await tx.advisory.createMany({ data: unique.map((a) => ({ reportId, ...a })) });
  }
  await tx.dependencyReport.update({
    where: { id: reportId },
    data: { advisoriesAt: at },
    select: { id: true },
  });
  return changed;
}
