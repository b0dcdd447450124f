import type pg from "pg";
import {
  ADVISORY_SEVERITIES,
  CONNECTION_CLASSES,
  type AdvisorySeverity,
  type ConnectionClassId,
} from "@catalog/contracts";

/** What view rules look at of each server (the shape of @catalog/views' ViewFacts). */
export type ViewFactsRow = {
  name: string;
  trustScore: number;
  trustFlags: string[];
  connectionClass: ConnectionClassId;
  ownerVerified: boolean;
  lastReachableAt: Date | null;
  worstAdvisory: AdvisorySeverity | null;
  toolTokens: number | null;
};

/** Reads for the registry views (no writes): one row of facts per server not deleted. */
export class ViewsRepository {
  constructor(private readonly pool: pg.Pool) {}

  async facts(): Promise<ViewFactsRow[]> {
    const { rows } = await this.pool.query<{
      name: string;
      trust_score: number;
      trust_flags: string[] | null;
      connection_class: string;
      owner_verified: boolean | null;
      last_reachable_at: Date | null;
      worst_advisory: string | null;
      tool_tokens: number | null;
    }>({
      name: "views:facts",
      // A remote answered MCP (itself, or with an OAuth challenge); advisories ranked by severity.
      text: `SELECT s.name, s.trust_score, s.trust_flags, s.connection_class::text AS connection_class,
               (s.owner->>'verified')::boolean AS owner_verified, s.tool_tokens,
               (SELECT max(p.finished_at) FROM probes p
                 WHERE p.server_name = s.name AND p.outcome IN ('ok', 'auth_required')) AS last_reachable_at,
               (SELECT a.severity FROM dependency_reports r JOIN advisories a ON a.report_id = r.id
                 WHERE r.server_name = s.name AND a.severity = ANY($1::text[])
                 ORDER BY array_position($1::text[], a.severity) DESC LIMIT 1) AS worst_advisory
             FROM servers s WHERE s.status <> 'deleted'`,
      values: [[...ADVISORY_SEVERITIES]],
    });
    return rows.map((r) => ({
      name: r.name,
      trustScore: r.trust_score,
      trustFlags: r.trust_flags ?? [],
      connectionClass: (CONNECTION_CLASSES as readonly string[]).includes(r.connection_class)
        ? (r.connection_class as ConnectionClassId)
        : "unknown",
      ownerVerified: r.owner_verified === true,
      lastReachableAt: r.last_reachable_at,
      worstAdvisory: r.worst_advisory as AdvisorySeverity | null,
      toolTokens: r.tool_tokens,
    }));
  }
}
