import type { Prisma } from "../prisma.js";
import { type PrismaClient } from "../prisma.js";

export type Tx = Prisma.TransactionClient;

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

const STORED = {
  version: true,
  serverJson: true,
  status: true,
  statusChangedAt: true,
  publishedAt: true,
  updatedAt: true,
  isLatest: true,
  contentHash: true,
} as const;

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

  findVersion(tx: Tx, serverName: string, version: string): Promise<StoredVersion | null> {
    return tx.serverVersion.findUnique({
      where: { serverName_version: { serverName, version } },
      select: STORED,
    });
  }

  /** The version marked latest, other than `except`. */
  findLatest(tx: Tx, serverName: string, except?: string): Promise<StoredVersion | null> {
    return tx.serverVersion.findFirst({
      where: { serverName, isLatest: true, ...(except ? { NOT: { version: except } } : {}) },
      select: STORED,
      orderBy: { publishedAt: "desc" },
    });
  }

  /** The newest published version that is not deleted (fallback when none is marked latest). */
  findNewest(tx: Tx, serverName: string): Promise<StoredVersion | null> {
    return tx.serverVersion.findFirst({
      where: { serverName },
      select: STORED,
      orderBy: [{ status: "asc" }, { publishedAt: "desc" }],
    });
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
    await tx.server.upsert({
      where: { name },
      create: { name, namespace, firstPublishedAt: publishedAt, updatedAt },
      update: {},
    });
  }

  async writeVersion(tx: Tx, v: VersionWrite): Promise<void> {
    const data = {
      serverJson: v.serverJson as Prisma.InputJsonValue,
      officialMeta: v.officialMeta as Prisma.InputJsonValue,
      status: v.status,
      statusChangedAt: v.statusChangedAt,
      statusMessage: v.statusMessage,
      publishedAt: v.publishedAt,
      updatedAt: v.updatedAt,
      isLatest: v.isLatest,
      contentHash: v.contentHash,
      source: v.source,
      ingestedAt: new Date(),
    };
    await tx.serverVersion.upsert({
      where: { serverName_version: { serverName: v.serverName, version: v.version } },
      create: { serverName: v.serverName, version: v.version, ...data },
      update: data,
    });
  }

  /** Marks `version` as the only latest version of the server (null: none). */
  async setLatest(tx: Tx, serverName: string, version: string | null): Promise<void> {
    await tx.$executeRaw`UPDATE server_versions SET is_latest = COALESCE(version = ${version}, false)
      WHERE server_name = ${serverName} AND is_latest <> COALESCE(version = ${version}, false)`;
  }

  /** First publication and newest upstream update over every version of a server. */
  async versionSpan(tx: Tx, serverName: string): Promise<{ first: Date; updated: Date }> {
    const agg = await tx.serverVersion.aggregate({
      where: { serverName },
      _min: { publishedAt: true },
      _max: { updatedAt: true },
    });
    return { first: agg._min.publishedAt ?? new Date(0), updated: agg._max.updatedAt ?? new Date(0) };
  }

  async updateServer(tx: Tx, name: string, data: Prisma.ServerUpdateInput): Promise<void> {
    await tx.server.update({ where: { name }, data });
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
}

export function versionKey(name: string, version: string): string {
  return `${name}\u0000${version}`;
}
