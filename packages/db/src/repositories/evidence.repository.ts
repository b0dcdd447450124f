import type { OwnerBlock, ProbeResult } from "@catalog/contracts";
import type { McpSdk } from "@catalog/contracts";
import type { ToolChangeKind } from "../prisma.js";
import { readMcpSdk, readOwner, readProbeResult } from "../stored-json.js";
import type { Tx } from "./catalog.repository.js";
import type { ToolDefinitionRow } from "./tools.repository.js";

/** A package of the latest version whose dependency report counts (npm or PyPI). */
export type PackageRef = { ecosystem: string; name: string; version: string };

export type EvidenceToolChange = {
  tool: string;
  kind: ToolChangeKind;
  observedAt: Date;
  descriptionSimilarity: number | null;
  renamedFrom: string | null;
};

export type EvidenceAdvisory = { id: string; severity: string; package: string; version: string };

export type EvidenceReport = {
  ecosystem: string;
  packageName: string;
  version: string;
  status: string;
  mcpSdk: McpSdk | null;
  /** The package's newest version when deps.dev listed it, and why the listed one is behind. */
  newestVersion: string | null;
  newestPublishedAt: string | null;
  listedPublishedAt: string | null;
  behind: string | null;
};

/** One stored probe of a remote URL; `result` is null when it no longer parses. */
export type StoredProbe = { url: string; outcome: string; result: ProbeResult | null };

/**
 * The recent probes of one remote URL, what connectability, trust and quality are judged from
 * (the shape of ProbeHistory in @catalog/contracts): the latest probe; when it failed, the last
 * one that answered MCP; and how many scheduled probes failed since that answer.
 */
export type RemoteProbes = { latest: StoredProbe; lastAnswer: StoredProbe | null; failures: number };

/** Everything a server's derived facts are judged from, besides its versions. */
export type ServerEvidence = {
  probes: RemoteProbes[];
  tools: ToolDefinitionRow[];
  toolChanges: EvidenceToolChange[];
  /** The dependency reports of exactly the latest version's packages, and their advisories. */
  reports: EvidenceReport[];
  advisories: EvidenceAdvisory[];
  /** The blocklist entry covering the server: its exact name before its namespace's `/*`. */
  blocked: { entry: string; reason: string } | null;
  /** What was derived last time: kept when its inputs did not change. */
  previous: { owner: OwnerBlock | null; categories: string[]; categoriesBasis: string | null };
};

type RawProbe = Omit<StoredProbe, "result"> & { result: unknown };

type Row = {
  probes: { latest: RawProbe; lastAnswer: RawProbe | null; failures: number }[];
  tools: ToolDefinitionRow[];
  changes: (Omit<EvidenceToolChange, "observedAt"> & { observedAt: string })[];
  reports: (Omit<EvidenceReport, "mcpSdk"> & { mcpSdk: unknown })[];
  advisories: EvidenceAdvisory[];
  blocked: { entry: string; reason: string } | null;
  owner: unknown;
  categories: string[];
  categoriesBasis: string | null;
};

/**
 * Reads of the evidence behind a server's derived facts, inside the catalog's write
 * transaction. The derivation runs on every write of the mirror, so the evidence comes in one
 * round trip.
 */
export class EvidenceRepository {
  async load(
    tx: Tx,
    serverName: string,
    namespace: string,
    packages: PackageRef[],
    changesSince: Date,
  ): Promise<ServerEvidence | null> {
    const ecosystems = packages.map((p) => p.ecosystem);
    const names = packages.map((p) => p.name);
    const versions = packages.map((p) => p.version);
    const [row] = await tx.$queryRaw<Row[]>`
      WITH reports AS (
        SELECT r.id, r.ecosystem, r.package_name, r.version, r.status::text AS status, r.mcp_sdk,
               r.newest_version, r.newest_published_at, r.listed_published_at, r.behind
        FROM dependency_reports r
        JOIN unnest(${ecosystems}::text[], ${names}::text[], ${versions}::text[]) AS k(ecosystem, name, version)
          ON r.ecosystem = k.ecosystem AND r.package_name = k.name AND r.version = k.version
        WHERE r.server_name = ${serverName}
      )
      SELECT
        (SELECT coalesce(json_agg(json_build_object(
                  'latest', json_build_object('url', p.url, 'outcome', p.outcome, 'result', p.result),
                  'lastAnswer', CASE WHEN a.started_at < p.started_at
                    THEN json_build_object('url', p.url, 'outcome', a.outcome, 'result', a.result) END,
                  'failures', f.failures) ORDER BY p.url), '[]')
           FROM (SELECT DISTINCT ON (url) url, outcome, result, started_at FROM probes
                 WHERE server_name = s.name ORDER BY url, started_at DESC) p
           LEFT JOIN LATERAL (SELECT outcome, result, started_at FROM probes
                 WHERE server_name = s.name AND url = p.url AND outcome IN ('ok', 'auth_required')
                 ORDER BY started_at DESC LIMIT 1) a ON true
           CROSS JOIN LATERAL (SELECT count(*)::int AS failures FROM probes
                 WHERE server_name = s.name AND url = p.url AND scheduled
                   AND outcome NOT IN ('ok', 'auth_required')
                   AND started_at > coalesce(a.started_at, '-infinity')) f) AS probes,
        (SELECT coalesce(json_agg(json_build_object('name', t.name, 'title', t.title, 'description', t.description,
                  'inputSchema', t.input_schema, 'outputSchema', t.output_schema, 'annotations', t.annotations) ORDER BY t.name), '[]')
           FROM tools t WHERE t.server_name = s.name) AS tools,
        (SELECT coalesce(json_agg(json_build_object('tool', c.tool, 'kind', c.kind, 'observedAt', c.observed_at,
                  'descriptionSimilarity', c.description_similarity, 'renamedFrom', c.renamed_from) ORDER BY c.observed_at DESC, c.id DESC), '[]')
           FROM tool_changes c WHERE c.server_name = s.name AND c.observed_at >= ${changesSince}) AS changes,
        (SELECT coalesce(json_agg(json_build_object('ecosystem', r.ecosystem, 'packageName', r.package_name,
                  'version', r.version, 'status', r.status, 'mcpSdk', r.mcp_sdk,
                  'newestVersion', r.newest_version, 'newestPublishedAt', r.newest_published_at,
                  'listedPublishedAt', r.listed_published_at, 'behind', r.behind) ORDER BY r.id), '[]')
           FROM reports r) AS reports,
        (SELECT coalesce(json_agg(DISTINCT jsonb_build_object('id', a.osv_id, 'severity', a.severity,
                  'package', a.package_name, 'version', a.version)), '[]')
           FROM reports r JOIN advisories a ON a.report_id = r.id) AS advisories,
        (SELECT json_build_object('entry', b.name, 'reason', b.reason) FROM blocklist b
           WHERE b.name = s.name OR b.name = ${`${namespace}/*`}
           ORDER BY b.name = s.name DESC LIMIT 1) AS blocked,
        s.owner, s.categories, s.categories_basis AS "categoriesBasis"
      FROM servers s WHERE s.name = ${serverName}`;
    if (!row) return null;
    return {
      probes: row.probes.map(({ latest, lastAnswer, failures }) => ({
        latest: readProbe(latest),
        lastAnswer: lastAnswer && readProbe(lastAnswer),
        failures,
      })),
      tools: row.tools,
      toolChanges: row.changes.map((c) => ({ ...c, observedAt: new Date(c.observedAt) })),
      reports: row.reports.map((r) => ({ ...r, mcpSdk: readMcpSdk(r.mcpSdk) })),
      advisories: row.advisories,
      blocked: row.blocked,
      previous: {
        owner: readOwner(row.owner),
        categories: row.categories,
        categoriesBasis: row.categoriesBasis,
      },
    };
  }

  /** Scheduled probes of one remote since `since`, and how many reached it. */
  async stability(
    tx: Tx,
    serverName: string,
    url: string,
    since: Date,
  ): Promise<{ successful: number; total: number }> {
    const [row] = await tx.$queryRaw<{ successful: number; total: number }[]>`
      SELECT count(*) FILTER (WHERE outcome IN ('ok', 'auth_required'))::int AS successful, count(*)::int AS total
      FROM probes
      WHERE server_name = ${serverName} AND url = ${url} AND scheduled AND started_at >= ${since}`;
    return row ?? { successful: 0, total: 0 };
  }
}

const readProbe = (p: RawProbe): StoredProbe => ({ ...p, result: readProbeResult(p.result) });
