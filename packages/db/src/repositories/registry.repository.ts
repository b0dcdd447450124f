import type pg from "pg";
import type { ToolDefinitionRow } from "./tools.repository.js";

/** One version as /v0.1 serves it, with the server-level facts the catalog adds. */
export type RegistryRow = {
  serverName: string;
  version: string;
  /** server.json text exactly as stored: spliced into responses without re-serialising. */
  serverJson: string;
  officialMeta: Record<string, unknown>;
  status: string;
  isLatest: boolean;
  connectionClass: string;
  autonomous: boolean;
  humanSteps: string[];
  trustScore: number;
  trustFlags: string[];
};

export type RegistryListFilter = {
  after?: { name: string; version: string } | undefined;
  limit: number;
  search?: string | undefined;
  updatedSince?: Date | undefined;
  version?: string | undefined;
  latestOnly?: boolean | undefined;
  includeDeleted: boolean;
  /** Only these servers (a registry view); every server when absent. */
  names?: readonly string[] | undefined;
  /** With `names` and `updatedSince`: servers new to the view, whose versions count as updated. */
  joined?: readonly string[] | undefined;
  /** With `names`: servers gone from the view, listed by their latest version (shown as deleted). */
  left?: readonly string[] | undefined;
  /** Servers of which only this version is served, as their latest (a view's pins). */
  pins?: ReadonlyMap<string, string> | undefined;
  /** Only entries a client's gallery keeps (LISTABLE): what a registry view serves. */
  listable?: boolean | undefined;
};

/** What a single-version fetch adds beyond the list's keys. */
export type RegistryExtras = {
  owner: unknown;
  categories: string[];
  qualityScore: number | null;
  qualityLabel: string;
  tools: ToolDefinitionRow[];
};

const SELECT = `
  SELECT v.server_name AS "serverName", v.version, v.server_json::text AS "serverJson",
         v.official_meta AS "officialMeta", v.status::text AS status, v.is_latest AS "isLatest",
         s.connection_class::text AS "connectionClass", s.autonomous, s.human_steps AS "humanSteps",
         s.trust_score AS "trustScore", s.trust_flags AS "trustFlags"
  FROM server_versions v JOIN servers s ON s.name = v.server_name`;

/**
 * An entry VS Code's gallery keeps: one with a name, a description and a version (entries lacking
 * any are dropped, ../shared/reference 13). A registry view serves no other, so that what the
 * organisation approved is what its developers see.
 */
const LISTABLE = `(COALESCE(v.server_json->>'name', '') <> '' AND COALESCE(v.server_json->>'description', '') <> ''
  AND COALESCE(v.server_json->>'version', '') <> '')`;

/** LIKE pattern for a literal substring: % and _ (and the escape character) match themselves. */
export function likeSubstring(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Reads for the registry passthrough (/v0.1), in the official API's order. Plain SQL on the pg
 * pool with named (prepared) statements: this is the busiest read path, and rows go straight
 * into response text.
 */
export class RegistryRepository {
  constructor(private readonly pool: pg.Pool) {}

  private async rows<T>(text: string, values: unknown[]): Promise<T[]> {
    // One prepared statement per distinct filter combination (at most a few dozen texts).
    const name = `registry:${hashText(text)}`;
    return (await this.pool.query({ name, text, values })).rows as T[];
  }

  /** Up to `limit` rows after the cursor position, in (name, version) byte order. */
  async list(filter: RegistryListFilter): Promise<RegistryRow[]> {
    const where: string[] = [];
    const values: unknown[] = [];
    const param = (v: unknown) => `$${values.push(v)}`;
    if (!filter.includeDeleted) where.push(`v.status <> 'deleted'`);
    if (filter.listable) where.push(LISTABLE);
    if (filter.after) {
      where.push(
        `(v.server_name, v.version) > (${param(filter.after.name)}, ${param(filter.after.version)})`,
      );
    }
    if (filter.search) where.push(`v.server_name ILIKE ${param(likeSubstring(filter.search))}`);
    const pins = filter.pins && filter.pins.size > 0 ? filter.pins : undefined;
    if (pins) {
      const names = param([...pins.keys()]);
      where.push(
        `NOT EXISTS (SELECT 1 FROM unnest(${names}::text[], ${param([...pins.values()])}::text[]) AS p(name, version)
           WHERE p.name = v.server_name AND p.version <> v.version)`,
      );
      if (filter.latestOnly) where.push(`(v.is_latest OR v.server_name = ANY(${names}::text[]))`);
    } else if (filter.latestOnly) where.push(`v.is_latest`);
    if (filter.version) where.push(`v.version = ${param(filter.version)}`);
    const since = filter.updatedSince && `v.updated_at > ${param(filter.updatedSince)}`;
    if (!filter.names) {
      if (since) where.push(since);
    } else {
      const inView = `v.server_name = ANY(${param([...filter.names])}::text[])`;
      const fresh =
        since && `(${since} OR v.server_name = ANY(${param([...(filter.joined ?? [])])}::text[]))`;
      const gone = `(v.server_name = ANY(${param([...(filter.left ?? [])])}::text[]) AND v.is_latest)`;
      where.push(`((${inView}${fresh ? ` AND ${fresh}` : ""}) OR ${gone})`);
    }
    const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
    return this.rows(
      `${SELECT} ${clause} ORDER BY v.server_name, v.version LIMIT ${param(filter.limit)}`,
      values,
    );
  }

  /** Every version of a server, oldest first (the contract's order, not upstream's). */
  async versions(name: string, includeDeleted: boolean, listable = false): Promise<RegistryRow[]> {
    const deleted = includeDeleted ? "" : `AND v.status <> 'deleted'`;
    const kept = listable ? `AND ${LISTABLE}` : "";
    return this.rows(
      `${SELECT} WHERE v.server_name = $1 ${deleted} ${kept} ORDER BY v.published_at, v.version`,
      [name],
    );
  }

  /** One version; `latest` is the version marked latest. Undefined when not `listable` (if asked). */
  async version(name: string, version: string, listable = false): Promise<RegistryRow | undefined> {
    const kept = listable ? `AND ${LISTABLE}` : "";
    const rows =
      version === "latest"
        ? await this.rows<RegistryRow>(`${SELECT} WHERE v.server_name = $1 AND v.is_latest ${kept} LIMIT 1`, [
            name,
          ])
        : await this.rows<RegistryRow>(`${SELECT} WHERE v.server_name = $1 AND v.version = $2 ${kept}`, [
            name,
            version,
          ]);
    return rows[0];
  }

  /** What the catalog adds to a single version; at most `toolLimit` tools, in name order. */
  async extras(name: string, toolLimit: number): Promise<RegistryExtras | null> {
    const [server] = await this.rows<Omit<RegistryExtras, "tools">>(
      `SELECT owner, categories, quality_score AS "qualityScore", quality_label AS "qualityLabel"
       FROM servers WHERE name = $1`,
      [name],
    );
    if (!server) return null;
    const tools = await this.rows<ToolDefinitionRow>(
      `SELECT name, title, description, input_schema AS "inputSchema", output_schema AS "outputSchema", annotations
       FROM tools WHERE server_name = $1 ORDER BY name LIMIT $2`,
      [name, toolLimit],
    );
    return { ...server, tools };
  }
}

/** A short stable name for a statement text (FNV-1a). */
function hashText(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
