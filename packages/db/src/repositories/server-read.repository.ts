import { Prisma, type PrismaClient } from "../prisma.js";

/** A server with its latest version's server.json and, when blocked, the blocklist's reason. */
export type ServerRecord = {
  name: string;
  namespace: string;
  latestVersion: string | null;
  status: "active" | "deprecated" | "deleted";
  title: string | null;
  description: string;
  websiteUrl: string | null;
  firstPublishedAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  connectionClass: string;
  autonomous: boolean;
  humanSteps: string[];
  connectability: unknown;
  trustScore: number;
  trustFlags: string[];
  trustEvidence: unknown;
  qualityScore: number | null;
  qualityLabel: string;
  qualityChecks: unknown;
  qualityAssessedAt: Date | null;
  categories: string[];
  owner: unknown;
  toolCount: number;
  serverJson: unknown;
  publishedAt: Date | null;
  blockedReason: string | null;
};

export type ToolRecord = {
  name: string;
  title: string | null;
  description: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations: unknown;
  source: "probe" | "check" | "import";
  observedAt: Date;
};

export type ToolChangeRecord = {
  id: bigint;
  tool: string;
  kind: "added" | "removed" | "changed";
  observedAt: Date;
  /** observed_at with microseconds, as the history cursor holds it. */
  position: string;
  fields: string[];
  descriptionBefore: string | null;
  descriptionAfter: string | null;
  descriptionSimilarity: number | null;
  hashBefore: string | null;
  hashAfter: string | null;
};

/** The latest probe of one remote URL. */
export type ProbeRecord = {
  url: string;
  outcome: string;
  authRequired: boolean;
  auth: unknown;
  startedAt: Date;
};

export type DependencyRecord = {
  ecosystem: string;
  packageName: string;
  version: string;
  status: "resolved" | "incomplete" | "unknown" | "pending";
  dependencyCount: number;
  mcpSdk: unknown;
  resolvedAt: Date | null;
  advisories: {
    osvId: string;
    severity: string;
    summary: string;
    packageName: string;
    version: string;
    relation: string;
    fixedIn: string | null;
    url: string;
  }[];
};

const TOOL_BASE = {
  name: true,
  title: true,
  description: true,
  annotations: true,
  source: true,
  observedAt: true,
} as const;
const TOOL_WITH_SCHEMAS = { ...TOOL_BASE, inputSchema: true, outputSchema: true } as const;

/** Reads behind the REST /v1 server resources (the gateway's fast path; no writes). */
export class ServerReadRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async server(name: string): Promise<ServerRecord | null> {
    const rows = await this.prisma.$queryRaw<ServerRecord[]>`
      SELECT s.name, s.namespace, s.latest_version AS "latestVersion", s.status::text AS status, s.title,
             s.description, s.website_url AS "websiteUrl", s.first_published_at AS "firstPublishedAt",
             s.updated_at AS "updatedAt", s.deleted_at AS "deletedAt",
             s.connection_class::text AS "connectionClass", s.autonomous, s.human_steps AS "humanSteps",
             s.connectability, s.trust_score AS "trustScore", s.trust_flags AS "trustFlags",
             s.trust_evidence AS "trustEvidence", s.quality_score AS "qualityScore",
             s.quality_label AS "qualityLabel", s.quality_checks AS "qualityChecks",
             s.quality_assessed_at AS "qualityAssessedAt", s.categories, s.owner, s.tool_count AS "toolCount",
             v.server_json AS "serverJson", v.published_at AS "publishedAt", b.reason AS "blockedReason"
      FROM servers s
      LEFT JOIN server_versions v ON v.server_name = s.name AND v.version = s.latest_version
      LEFT JOIN LATERAL (
        SELECT reason FROM blocklist
        WHERE blocklist.name = s.name OR blocklist.name = s.namespace || '/*'
        ORDER BY blocklist.name = s.name DESC LIMIT 1
      ) b ON true
      WHERE s.name = ${name}`;
    return rows[0] ?? null;
  }

  /** The current tools in name order, after `after`, at most `limit`. */
  tools(name: string, options: { after?: string; limit?: number; schemas: boolean }): Promise<ToolRecord[]> {
    return this.prisma.tool.findMany({
      where: { serverName: name, ...(options.after !== undefined ? { name: { gt: options.after } } : {}) },
      select: options.schemas ? TOOL_WITH_SCHEMAS : TOOL_BASE,
      orderBy: { name: "asc" },
      ...(options.limit !== undefined ? { take: options.limit } : {}),
    });
  }

  /** Tool-definition changes newest first, strictly before the (observed_at, id) position. */
  toolChanges(
    name: string,
    limit: number,
    before?: { observedAt: string; id: string },
  ): Promise<ToolChangeRecord[]> {
    const cursor = before
      ? Prisma.sql`AND (observed_at, id) < (${before.observedAt}::timestamptz, ${before.id}::bigint)`
      : Prisma.empty;
    return this.prisma.$queryRaw<ToolChangeRecord[]>`
      SELECT id, tool, kind::text AS kind, observed_at AS "observedAt",
             to_char(observed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position,
             fields, description_before AS "descriptionBefore", description_after AS "descriptionAfter",
             description_similarity AS "descriptionSimilarity", hash_before AS "hashBefore",
             hash_after AS "hashAfter"
      FROM tool_changes WHERE server_name = ${name} ${cursor}
      ORDER BY observed_at DESC, id DESC LIMIT ${limit}`;
  }

  /** The newest probe of each remote URL of the server. */
  latestProbes(name: string): Promise<ProbeRecord[]> {
    return this.prisma.$queryRaw<ProbeRecord[]>`
      SELECT DISTINCT ON (url) url, outcome, auth_required AS "authRequired", result->'auth' AS auth,
             started_at AS "startedAt"
      FROM probes WHERE server_name = ${name} ORDER BY url, started_at DESC, id DESC`;
  }

  /** Daily quality scores from `since` (a UTC day) on, oldest first. */
  qualityHistory(name: string, since: Date): Promise<{ day: Date; score: number | null; label: string }[]> {
    return this.prisma.qualityScore.findMany({
      where: { serverName: name, day: { gte: since } },
      select: { day: true, score: true, label: true },
      orderBy: { day: "asc" },
    });
  }

  dependencyReports(name: string): Promise<DependencyRecord[]> {
    return this.prisma.dependencyReport.findMany({
      where: { serverName: name },
      select: {
        ecosystem: true,
        packageName: true,
        version: true,
        status: true,
        dependencyCount: true,
        mcpSdk: true,
        resolvedAt: true,
        advisories: {
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
          orderBy: [{ osvId: "asc" }, { packageName: "asc" }, { version: "asc" }],
        },
      },
      orderBy: [{ resolvedAt: { sort: "desc", nulls: "last" } }, { id: "desc" }],
    });
  }
}
