import type { RegistryExtras, RegistryListFilter, RegistryRepository, RegistryRow } from "@catalog/db";
import { INLINE_TOOLS_MAX } from "@catalog/contracts";
import { formatCursor, OFFICIAL_META_KEY, parseCursor } from "@catalog/registry";

/**
 * The repository's filter in the API's terms: a page's cursor as its text, and "latest" as a
 * version rather than `latestOnly`.
 */
type ListParams = Omit<RegistryListFilter, "after" | "latestOnly"> & { cursor?: string | undefined };

/**
 * What a mount of the registry API serves for a request: the whole catalog at /v0.1, a view's
 * servers (and pinned versions) at /views/{view}/v0.1. `key` keeps bodies apart in the read
 * cache (a view's names its rules too, so an edit of them misses what was kept before).
 */
export type ScopeState = {
  key: string;
  /** Undefined: every server. */
  servers?: ReadonlySet<string>;
  pins?: ReadonlyMap<string, string>;
};

/** Keys this catalog adds beside the official `_meta` entry. */
export const META_CONNECTABILITY = "dev.service/connectability";
export const META_TRUST = "dev.service/trust";

/**
 * The registry passthrough: the mirrored versions in the official API's shapes, with the
 * catalog's own `_meta` keys. Bodies are assembled as text around the stored server.json so
 * that what upstream sent is served as it was.
 */
export class RegistryService {
  constructor(private readonly repo: RegistryRepository) {}

  async list(params: ListParams): Promise<string> {
    const { cursor, version, ...filter } = params;
    const rows = await this.repo.list({
      ...filter,
      after: cursor ? parseCursor(cursor) : undefined,
      // One more than the page: whether there is a next one.
      limit: params.limit + 1,
      latestOnly: version === "latest",
      version: version && version !== "latest" ? version : undefined,
      // updated_since shows deletions too, so that mirrors see them.
      includeDeleted: params.includeDeleted || params.updatedSince !== undefined,
    });
    const page = rows.slice(0, params.limit);
    const last = page.at(-1);
    const metadata: { count: number; nextCursor?: string } = { count: page.length };
    if (rows.length > params.limit && last) metadata.nextCursor = formatCursor(last.serverName, last.version);
    const left = new Set(params.left);
    const entries = page.map((r) =>
      entryJson(
        left.has(r.serverName) ? { ...r, status: "deleted" } : params.pins?.has(r.serverName) ? pinned(r) : r,
      ),
    );
    return `{"servers":[${entries.join(",")}],"metadata":${JSON.stringify(metadata)}}`;
  }

  /**
   * Every version, oldest first (only the pinned one when `pin`; only those a gallery keeps when
   * `listable`); null when the server has none.
   */
  async versions(
    name: string,
    includeDeleted: boolean,
    pin?: string,
    listable = false,
  ): Promise<string | null> {
    const all = await this.repo.versions(name, includeDeleted, listable);
    const rows = pin === undefined ? all : all.filter((r) => r.version === pin).map(pinned);
    if (rows.length === 0) return null;
    return `{"servers":[${rows.map((r) => entryJson(r)).join(",")}],"metadata":{"count":${rows.length}}}`;
  }

  /** One version with the full set of catalog keys (only the pinned one when `pin`); null when unknown. */
  async version(name: string, version: string, pin?: string, listable = false): Promise<string | null> {
    if (pin !== undefined && version !== "latest" && version !== pin) return null;
    const found = await this.repo.version(name, pin ?? version, listable);
    const row = found && pin !== undefined ? pinned(found) : found;
    if (!row) return null;
    const extras = await this.repo.extras(name, INLINE_TOOLS_MAX + 1);
    return entryJson(row, extras ? fullMeta(extras) : {});
  }
}

/** A view's pinned version: the only one it serves, so its latest. */
function pinned(row: RegistryRow): RegistryRow {
  return { ...row, isLatest: true };
}

function entryJson(row: RegistryRow, extra: Record<string, unknown> = {}): string {
  const meta = {
    [OFFICIAL_META_KEY]: { ...row.officialMeta, status: row.status, isLatest: row.isLatest },
    [META_CONNECTABILITY]: {
      class: row.connectionClass,
      autonomous: row.autonomous,
      human_steps: row.humanSteps,
    },
    [META_TRUST]: { score: row.trustScore, flags: row.trustFlags },
    ...extra,
  };
  return `{"server":${row.serverJson},"_meta":${JSON.stringify(meta)}}`;
}

function fullMeta(extras: RegistryExtras): Record<string, unknown> {
  return {
    "dev.service/identity": extras.owner,
    "dev.service/categories": extras.categories,
    "dev.service/quality": { score: extras.qualityScore, label: extras.qualityLabel },
    // Past INLINE_TOOLS_MAX, GET /v1/servers/{name}/tools pages through the rest.
    ...(extras.tools.length > INLINE_TOOLS_MAX ? { "dev.service/tools_truncated": true } : {}),
    "dev.service/tools": extras.tools.slice(0, INLINE_TOOLS_MAX).map((t) => ({
      name: t.name,
      ...(t.title ? { title: t.title } : {}),
      description: t.description,
      input_schema: t.inputSchema,
      output_schema: t.outputSchema ?? null,
      annotations: t.annotations,
    })),
  };
}
