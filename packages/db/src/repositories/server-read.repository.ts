import {
  ProbeServerCardSchema,
  type OAuthMetadata,
  type OwnerBlock,
  type ProbeServerCard,
  type QualityCheck,
  type ToolSourceId,
} from "@catalog/contracts";
import type { ServerJson } from "@catalog/registry";
import type pg from "pg";
import type { ToolChangeKind } from "../prisma.js";
import {
  readConnectability,
  readMcpSdk,
  readOwner,
  readProbeAuth,
  readJsonObject,
  readQualityChecks,
  readServerJson,
  readTrustEvidence,
  type StoredConnectability,
  type StoredTrustEvidence,
} from "../stored-json.js";
import type { AdvisoryWrite, ReportWrite } from "./dependencies.repository.js";

type StoredToolRow = Omit<ToolRecord, "inputSchema" | "outputSchema" | "annotations"> & {
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations: unknown;
};

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
  connectability: StoredConnectability;
  trustScore: number;
  trustFlags: string[];
  trustEvidence: StoredTrustEvidence;
  qualityScore: number | null;
  qualityLabel: string;
  /** The stored checks that can be read. */
  qualityChecks: QualityCheck[];
  qualityAssessedAt: Date | null;
  categories: string[];
  /** Null when the stored block cannot be read. */
  owner: OwnerBlock | null;
  toolCount: number;
  /** Tokens of the current tools' definitions; null until counted. */
  toolTokens: number | null;
  /** The latest version's server.json (name, description and version when it cannot be read). */
  serverJson: ServerJson;
  publishedAt: Date | null;
  blockedReason: string | null;
  /** The newest version of each npm/PyPI package of the latest version, as ingest last read it. */
  packageFreshness: PackageFreshnessRecord[];
};

/** A package's listed version beside its newest (dependency_reports' freshness columns). */
export type PackageFreshnessRecord = {
  ecosystem: string;
  packageName: string;
  version: string;
  newestVersion: string;
  newestPublishedAt: string | null;
  listedPublishedAt: string | null;
  behind: string | null;
};

/** A server row as the driver returns it, before its JSON columns are read. */
type StoredServerRow = Omit<
  ServerRecord,
  "connectability" | "trustEvidence" | "qualityChecks" | "owner" | "serverJson" | "packageFreshness"
> & {
  packageFreshness: PackageFreshnessRecord[] | null;
  serverJson: unknown;
  connectability: unknown;
  trustEvidence: unknown;
  qualityChecks: unknown;
  owner: unknown;
};

export type ToolRecord = {
  name: string;
  title: string | null;
  description: string;
  /** With the schemas asked for: the input schema (`{type: "object"}` when unreadable) and output schema. */
  inputSchema?: Record<string, unknown>;
  outputSchema?: Record<string, unknown> | null;
  annotations: Record<string, unknown>;
  source: ToolSourceId;
  observedAt: Date;
  /** Tokens of the definition as a client sends it; null until counted. */
  tokens: number | null;
};

export type ToolChangeRecord = {
  id: string;
  tool: string;
  kind: ToolChangeKind;
  renamedFrom: string | null;
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

/** A stored card summary (probes.result.server_card), or null when there is none or it no longer parses. */
const readServerCard = (value: unknown): ProbeServerCard | null =>
  ProbeServerCardSchema.safeParse(value).data ?? null;

/** The latest probe of one remote URL. */
export type ProbeRecord = {
  url: string;
  outcome: string;
  authRequired: boolean;
  /** open, late_gate or hard_gate (ACCESS_CLASSES); null when the probe could not tell or predates them. */
  access: string | null;
  /** The probe's OAuth summary; null when it has none that can be read. */
  auth: OAuthMetadata | null;
  /** The summary of the server card the probe read; null when none was read or it cannot be read. */
  serverCard: ProbeServerCard | null;
  startedAt: Date;
};

/** One day of quality history; `day` is the UTC date as YYYY-MM-DD. */
export type QualityDayRecord = { day: string; score: number | null; label: string };

/** A dependency report and its advisories, read back as the ingest service wrote them. */
export type DependencyRecord = Pick<
  ReportWrite,
  "ecosystem" | "packageName" | "version" | "status" | "dependencyCount" | "mcpSdk" | "resolvedAt"
> & { advisories: AdvisoryWrite[] };

const TOOL_COLUMNS = `name, title, description, annotations, source::text AS source, observed_at AS "observedAt",
  definition_tokens AS tokens`;
const SCHEMA_COLUMNS = `, input_schema AS "inputSchema", output_schema AS "outputSchema"`;

/**
 * Reads behind the REST /v1 server resources: the gateway's hot path, so plain parameterised SQL
 * on the pg pool (a fraction of a millisecond each, where the ORM adds about one). No writes.
 */
export class ServerReadRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** Named statements: each pooled connection plans them once. */
  private async rows<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    return (await this.pool.query({ name: `server-read:${name}`, text, values })).rows as T[];
  }

  async server(name: string): Promise<ServerRecord | null> {
    const [row] = await this.rows<StoredServerRow>(
      "server",
      `SELECT s.name, s.namespace, s.latest_version AS "latestVersion", s.status::text AS status, s.title,
              s.description, s.website_url AS "websiteUrl", s.first_published_at AS "firstPublishedAt",
              s.updated_at AS "updatedAt", s.deleted_at AS "deletedAt",
              s.connection_class::text AS "connectionClass", s.autonomous, s.human_steps AS "humanSteps",
              s.connectability, s.trust_score AS "trustScore", s.trust_flags AS "trustFlags",
              s.trust_evidence AS "trustEvidence", s.quality_score AS "qualityScore",
              s.quality_label AS "qualityLabel", s.quality_checks AS "qualityChecks",
              s.quality_assessed_at AS "qualityAssessedAt", s.categories, s.owner, s.tool_count AS "toolCount",
              s.tool_tokens AS "toolTokens",
              v.server_json AS "serverJson", v.published_at AS "publishedAt", b.reason AS "blockedReason",
              (SELECT json_agg(json_build_object('ecosystem', r.ecosystem, 'packageName', r.package_name,
                        'version', r.version, 'newestVersion', r.newest_version,
                        'newestPublishedAt', r.newest_published_at, 'listedPublishedAt', r.listed_published_at,
                        'behind', r.behind) ORDER BY r.id)
                 FROM dependency_reports r WHERE r.server_name = s.name AND r.newest_version IS NOT NULL
              ) AS "packageFreshness"
       FROM servers s
       LEFT JOIN server_versions v ON v.server_name = s.name AND v.version = s.latest_version
       LEFT JOIN LATERAL (
         SELECT reason FROM blocklist
         WHERE blocklist.name = s.name OR blocklist.name = s.namespace || '/*'
         ORDER BY blocklist.name = s.name DESC LIMIT 1
       ) b ON true
       WHERE s.name = $1`,
      [name],
    );
    if (!row) return null;
    return {
      ...row,
      connectability: readConnectability(row.connectability),
      trustEvidence: readTrustEvidence(row.trustEvidence),
      qualityChecks: readQualityChecks(row.qualityChecks),
      owner: readOwner(row.owner),
      packageFreshness: row.packageFreshness ?? [],
      serverJson: readServerJson(row.serverJson, {
        name: row.name,
        description: row.description,
        version: row.latestVersion ?? "",
      }),
    };
  }

  /** The current tools in name order ("C" collation), after `after`, at most `limit`. */
  async tools(
    name: string,
    options: { after?: string; limit?: number; schemas: boolean },
  ): Promise<ToolRecord[]> {
    const rows = await this.rows<StoredToolRow>(
      options.schemas ? "tools-with-schemas" : "tools",
      `SELECT ${TOOL_COLUMNS}${options.schemas ? SCHEMA_COLUMNS : ""} FROM tools
       WHERE server_name = $1 AND ($2::text IS NULL OR name > $2) ORDER BY name LIMIT $3`,
      [name, options.after ?? null, options.limit ?? null],
    );
    return rows.map(({ inputSchema, outputSchema, annotations, ...tool }) => ({
      ...tool,
      annotations: readJsonObject(annotations) ?? {},
      ...(options.schemas
        ? {
            inputSchema: readJsonObject(inputSchema) ?? { type: "object" },
            outputSchema: readJsonObject(outputSchema),
          }
        : {}),
    }));
  }

  /** Tool-definition changes newest first, strictly before the (observed_at, id) position. */
  toolChanges(
    name: string,
    limit: number,
    before?: { observedAt: string; id: string },
  ): Promise<ToolChangeRecord[]> {
    return this.rows<ToolChangeRecord>(
      "tool-changes",
      `SELECT id::text AS id, tool, kind::text AS kind, observed_at AS "observedAt",
              to_char(observed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position,
              fields, description_before AS "descriptionBefore", description_after AS "descriptionAfter",
              description_similarity AS "descriptionSimilarity", hash_before AS "hashBefore",
              hash_after AS "hashAfter", renamed_from AS "renamedFrom"
       FROM tool_changes
       WHERE server_name = $1 AND ($2::timestamptz IS NULL OR (observed_at, id) < ($2::timestamptz, $3::bigint))
       ORDER BY observed_at DESC, id DESC LIMIT $4`,
      [name, before?.observedAt ?? null, before?.id ?? null, limit],
    );
  }

  /** The newest probe of each remote URL of the server. */
  async latestProbes(name: string): Promise<ProbeRecord[]> {
    const rows = await this.rows<
      Omit<ProbeRecord, "auth" | "serverCard"> & { auth: unknown; serverCard: unknown }
    >(
      "latest-probes",
      `SELECT DISTINCT ON (url) url, outcome, auth_required AS "authRequired", access, result->'auth' AS auth,
              result->'server_card' AS "serverCard", started_at AS "startedAt"
       FROM probes WHERE server_name = $1 ORDER BY url, started_at DESC, id DESC`,
      [name],
    );
    return rows.map((r) => ({
      ...r,
      auth: readProbeAuth(r.auth),
      serverCard: readServerCard(r.serverCard),
    }));
  }

  /** Daily quality scores from the UTC day `since` (YYYY-MM-DD) on, oldest first. */
  qualityHistory(name: string, since: string): Promise<QualityDayRecord[]> {
    return this.rows<QualityDayRecord>(
      "quality-history",
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, score, label FROM quality_scores
       WHERE server_name = $1 AND day >= $2::date ORDER BY day`,
      [name, since],
    );
  }

  /** Dependency reports with their advisories, newest resolution first. */
  async dependencyReports(name: string): Promise<DependencyRecord[]> {
    const rows = await this.rows<DependencyRecord & { mcpSdk: unknown }>(
      "dependency-reports",
      `SELECT r.ecosystem, r.package_name AS "packageName", r.version, r.status::text AS status,
              r.dependency_count AS "dependencyCount", r.mcp_sdk AS "mcpSdk", r.resolved_at AS "resolvedAt",
              coalesce(json_agg(json_build_object(
                'osvId', a.osv_id, 'severity', a.severity, 'summary', a.summary, 'packageName', a.package_name,
                'version', a.version, 'relation', a.relation, 'fixedIn', a.fixed_in, 'url', a.url)
                ORDER BY a.osv_id, a.package_name, a.version) FILTER (WHERE a.id IS NOT NULL), '[]') AS advisories
       FROM dependency_reports r LEFT JOIN advisories a ON a.report_id = r.id
       WHERE r.server_name = $1
       GROUP BY r.id ORDER BY r.resolved_at DESC NULLS LAST, r.id DESC`,
      [name],
    );
    return rows.map((r) => ({ ...r, mcpSdk: readMcpSdk(r.mcpSdk) }));
  }
}
