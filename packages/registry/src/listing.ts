import { officialMeta, type RegistryEntry } from "./entry.js";

/**
 * The official read API's list semantics, for sources that are not a database (a snapshot
 * file): order by name then version in plain string order, `<name>:<version>` cursors,
 * `updated_since` strictly after, deleted versions hidden unless asked for.
 */
export type ListQuery = {
  cursor?: string | undefined;
  limit: number;
  search?: string | undefined;
  updatedSince?: Date | undefined;
  version?: string | undefined;
  includeDeleted?: boolean | undefined;
};

export type CursorPosition = { name: string; version: string };

export function formatCursor(name: string, version: string): string {
  return `${name}:${version}`;
}

/** Names never contain a colon, so the first one separates name and version; none means name only. */
export function parseCursor(cursor: string): CursorPosition {
  const at = cursor.indexOf(":");
  return at < 0
    ? { name: cursor, version: "" }
    : { name: cursor.slice(0, at), version: cursor.slice(at + 1) };
}

/** Byte-order comparison (PostgreSQL's "C" collation), not locale order. */
export function compareText(a: string, b: string): number {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return Buffer.compare(x, y);
}

export function compareNameVersion(a: CursorPosition, b: CursorPosition): number {
  return compareText(a.name, b.name) || compareText(a.version, b.version);
}

export function listEntries(
  all: readonly RegistryEntry[],
  query: ListQuery,
): { entries: RegistryEntry[]; nextCursor: string | undefined } {
  const after = query.cursor ? parseCursor(query.cursor) : undefined;
  const needle = query.search?.toLowerCase();
  const includeDeleted = query.includeDeleted || query.updatedSince !== undefined;
  const matches = all
    .filter((e) => {
      const meta = officialMeta(e);
      if (!includeDeleted && meta.status === "deleted") return false;
      if (query.updatedSince && !(new Date(meta.updatedAt) > query.updatedSince)) return false;
      if (needle && !e.server.name.toLowerCase().includes(needle)) return false;
      if (query.version === "latest" && !meta.isLatest) return false;
      if (query.version && query.version !== "latest" && e.server.version !== query.version) return false;
      return !after || compareNameVersion(position(e), after) > 0;
    })
    .sort((a, b) => compareNameVersion(position(a), position(b)));
  const entries = matches.slice(0, query.limit);
  const last = entries.at(-1);
  const nextCursor =
    matches.length > query.limit && last ? formatCursor(last.server.name, last.server.version) : undefined;
  return { entries, nextCursor };
}

function position(e: RegistryEntry): CursorPosition {
  return { name: e.server.name, version: e.server.version };
}
