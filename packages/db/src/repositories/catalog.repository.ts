import { Prisma, type PrismaClient } from "../prisma.js";

export type Tx = Prisma.TransactionClient;

/**
 * A version as the mirror writes it: server_versions' columns, spelled out like every table's row
 * type here (CheckRow and others look alike line by line, but each is its own table's).
 */
export type VersionWrite = {
  serverName: string;
  version: string;
  serverJson: unknown;
  officialMeta: unknown;
  status: "active" | "deprecated" | "deleted";
  statusChangedAt: Date | null;
  statusMessage: string | null;
  publishedAt: Date;
  updatedAt: Date;
  isLatest: boolean;
  contentHash: string;
  source: string;
};

export type StoredVersion = {
  version: string;
  serverJson: unknown;
  status: "active" | "deprecated" | "deleted";
  statusChangedAt: Date | null;
  publishedAt: Date;
  updatedAt: Date;
  isLatest: boolean;
  contentHash: string;
};

const SELECT_STORED = Prisma.sql`version, server_json AS "serverJson", status::text AS status,
  status_changed_at AS "statusChangedAt", published_at AS "publishedAt", updated_at AS "updatedAt",
  is_latest AS "isLatest", content_hash AS "contentHash"`;

/** Writes of servers and their versions; only the catalog service calls these. */
export class CatalogRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Runs `fn` in a transaction that holds the server's advisory lock, so concurrent jobs for
   * one server apply one after the other while jobs for different servers run in parallel.
   */
  async withServerLock<T>(name: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${name}))`;
        return fn(tx);
      },
      { timeout: 30_000, maxWait: 30_000 },
    );
  }

  /** The stored copy of a version and the version currently marked latest, in one round trip. */
  async versionState(
    tx: Tx,
    serverName: string,
    version: string,
  ): Promise<{ existing: StoredVersion | null; latest: StoredVersion | null }> {
    const rows = await tx.$queryRaw<(StoredVersion & { isTarget: boolean })[]>`
      SELECT ${SELECT_STORED}, version = ${version} AS "isTarget"
      FROM server_versions
      WHERE server_name = ${serverName} AND (version = ${version} OR is_latest)
      ORDER BY published_at DESC`;
    const strip = (r: (typeof rows)[number] | undefined): StoredVersion | null =>
      r ? (({ isTarget: _t, ...v }) => v)(r) : null;
    return {
      existing: strip(rows.find((r) => r.isTarget)),
      latest: strip(rows.find((r) => !r.isTarget && r.isLatest)),
    };
  }

  /**
   * The version the server's facts come from (the one marked latest, else the newest that is not
   * deleted) and the span of publication over all versions.
   */
  async serverFacts(
    tx: Tx,
    serverName: string,
  ): Promise<{ source: StoredVersion; first: Date; updated: Date } | null> {
    const rows = await tx.$queryRaw<(StoredVersion & { first: Date; updated: Date })[]>`
      SELECT ${SELECT_STORED},
             min(published_at) OVER () AS first, max(updated_at) OVER () AS updated
      FROM server_versions WHERE server_name = ${serverName}
      ORDER BY is_latest DESC, (status = 'deleted') ASC, published_at DESC LIMIT 1`;
    const row = rows[0];
    if (!row) return null;
    const { first, updated, ...source } = row;
    return { source, first, updated };
  }

  async serverExists(tx: Tx, name: string): Promise<boolean> {
    return (await tx.server.count({ where: { name } })) > 0;
  }

  async ensureServer(
    tx: Tx,
    name: string,
    namespace: string,
    publishedAt: Date,
    updatedAt: Date,
  ): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO servers (name, namespace, first_published_at, updated_at)
      VALUES (${name}, ${namespace}, ${publishedAt}, ${updatedAt})
      ON CONFLICT (name) DO NOTHING`;
  }

  async writeVersion(tx: Tx, v: VersionWrite): Promise<void> {
    const serverJson = JSON.stringify(v.serverJson);
    const officialMeta = JSON.stringify(v.officialMeta);
    await tx.$executeRaw`
      INSERT INTO server_versions (server_name, version, server_json, official_meta, status, status_changed_at,
        status_message, published_at, updated_at, is_latest, content_hash, source, ingested_at)
      VALUES (${v.serverName}, ${v.version}, ${serverJson}::json, ${officialMeta}::json, ${v.status}::"ServerStatus",
        ${v.statusChangedAt}, ${v.statusMessage}, ${v.publishedAt}, ${v.updatedAt}, ${v.isLatest}, ${v.contentHash},
        ${v.source}, now())
      ON CONFLICT (server_name, version) DO UPDATE SET server_json = EXCLUDED.server_json,
        official_meta = EXCLUDED.official_meta, status = EXCLUDED.status, status_changed_at = EXCLUDED.status_changed_at,
        status_message = EXCLUDED.status_message, published_at = EXCLUDED.published_at, updated_at = EXCLUDED.updated_at,
        is_latest = EXCLUDED.is_latest, content_hash = EXCLUDED.content_hash, source = EXCLUDED.source,
        ingested_at = now()`;
  }

  async setLatest(tx: Tx, serverName: string, version: string | null): Promise<void> {
    await tx.$executeRaw`UPDATE server_versions SET is_latest = COALESCE(version = ${version}, false)
      WHERE server_name = ${serverName} AND is_latest <> COALESCE(version = ${version}, false)`;
  }

  async updateServer(tx: Tx, name: string, data: Prisma.ServerUpdateInput): Promise<void> {
    await tx.server.update({ where: { name }, data, select: { name: true } });
  }

  /** Names of the servers not deleted upstream, in name order after `after`: the daily job's pages. */
  async activeServerNames(after: string | null, limit: number): Promise<string[]> {
    const rows = await this.prisma.server.findMany({
      where: { status: { not: "deleted" }, ...(after === null ? {} : { name: { gt: after } }) },
      orderBy: { name: "asc" },
      take: limit,
      select: { name: true },
    });
    return rows.map((r) => r.name);
  }

  /** The server a name designates, or every server of a namespace for `<namespace>/*`. */
  async serverNamesMatching(match: string): Promise<string[]> {
    const where = match.endsWith("/*") ? { namespace: match.slice(0, -2) } : { name: match };
    const rows = await this.prisma.server.findMany({
      where,
      orderBy: { name: "asc" },
      select: { name: true },
    });
    return rows.map((r) => r.name);
  }

  /** Content hashes of stored versions, keyed `name\u0000version`: tells the mirror what changed. */
  async versionHashes(keys: readonly { name: string; version: string }[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const names = keys.map((k) => k.name);
    const versions = keys.map((k) => k.version);
    const rows = await this.prisma.$queryRaw<{ name: string; version: string; hash: string }[]>`
      SELECT v.server_name AS name, v.version, v.content_hash AS hash
      FROM server_versions v
      JOIN unnest(${names}::text[], ${versions}::text[]) AS k(name, version)
        ON v.server_name = k.name AND v.version = k.version`;
    return new Map(rows.map((r) => [versionKey(r.name, r.version), r.hash]));
  }

  /**
   * Servers owed an assign-categories job: one was queued for a basis they have not been
   * assigned from (Redis lost it, or it failed for good). In name order after `after`.
   */
  owedCategories(after: string, limit: number): Promise<{ name: string; wanted: string }[]> {
    return this.prisma.$queryRaw`
      SELECT name, categories_wanted AS wanted FROM servers
      WHERE categories_wanted IS NOT NULL AND categories_wanted IS DISTINCT FROM categories_basis AND name > ${after}
      ORDER BY name LIMIT ${limit}`;
  }
}

export function versionKey(name: string, version: string): string {
  return `${name}\u0000${version}`;
}
