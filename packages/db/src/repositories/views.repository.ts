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

  /**
   * Records a view's servers as computed at `now`: those new to it join, those gone from it
   * leave. Idempotent, and safe when replicas do it at once (the last writer's time stands).
   */
  async reconcile(view: string, servers: readonly string[], now: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO view_memberships (view, server_name, joined_at)
       SELECT $1, name, $3 FROM unnest($2::text[]) AS name
       ON CONFLICT (view, server_name) DO UPDATE SET joined_at = $3, left_at = NULL
       WHERE view_memberships.left_at IS NOT NULL`,
      [view, servers, now],
    );
    await this.pool.query(
      `UPDATE view_memberships SET left_at = $3
       WHERE view = $1 AND left_at IS NULL AND NOT (server_name = ANY($2::text[]))`,
      [view, servers, now],
    );
  }

  /** The servers that joined a view after `since` (and are in it) and those that left after it. */
  async changedSince(view: string, since: Date): Promise<{ joined: string[]; left: string[] }> {
    const { rows } = await this.pool.query<{ server_name: string; left: boolean }>(
      `SELECT server_name, left_at IS NOT NULL AS left FROM view_memberships
       WHERE view = $1 AND (left_at > $2 OR (left_at IS NULL AND joined_at > $2))`,
      [view, since],
    );
    return {
      joined: rows.filter((r) => !r.left).map((r) => r.server_name),
      left: rows.filter((r) => r.left).map((r) => r.server_name),
    };
  }
}
