import type pg from "pg";
import {
  ADVISORY_SEVERITIES,
  CONNECTION_CLASSES,
  ViewDefinitionSchema,
  type AdvisorySeverity,
  type ConnectionClassId,
  type ViewDefinition,
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

  /** The views defined through the admin API (one that no longer validates is left out). */
  async stored(): Promise<ViewDefinition[]> {
    const { rows } = await this.pool.query(
      `SELECT name, title, description, rules FROM registry_views ORDER BY name`,
    );
    return rows.flatMap((r) => ViewDefinitionSchema.safeParse(r).data ?? []);
  }

  /** Creates or replaces a view; true when it is new. */
  async save(view: ViewDefinition): Promise<boolean> {
    const { rows } = await this.pool.query<{ created: boolean }>(
      `INSERT INTO registry_views (name, title, description, rules) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE SET title = $2, description = $3, rules = $4, updated_at = now()
       RETURNING (xmax = 0) AS created`,
      [view.name, view.title, view.description, JSON.stringify(view.rules)],
    );
    return rows[0]?.created === true;
  }

  /** Removes a view and what was recorded of its members; false when there was none. */
  async remove(name: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(`DELETE FROM registry_views WHERE name = $1`, [name]);
    await this.pool.query(`DELETE FROM view_memberships WHERE view = $1`, [name]);
    return (rowCount ?? 0) > 0;
  }
}
