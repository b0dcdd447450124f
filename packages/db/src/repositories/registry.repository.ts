import { Prisma, type PrismaClient } from "../prisma.js";

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
};

const SELECT = Prisma.sql`
  SELECT v.server_name AS "serverName", v.version, v.server_json::text AS "serverJson",
         v.official_meta AS "officialMeta", v.status::text AS status, v.is_latest AS "isLatest",
         s.connection_class::text AS "connectionClass", s.autonomous, s.human_steps AS "humanSteps",
         s.trust_score AS "trustScore", s.trust_flags AS "trustFlags"
  FROM server_versions v JOIN servers s ON s.name = v.server_name`;

/** What a single-version fetch adds beyond the list's keys. */
export type RegistryExtras = {
  owner: unknown;
  categories: string[];
  qualityScore: number | null;
  qualityLabel: string;
  tools: {
    name: string;
    title: string | null;
    description: string;
    inputSchema: unknown;
    outputSchema: unknown;
    annotations: unknown;
  }[];
};

/** LIKE pattern for a literal substring: % and _ (and the escape character) match themselves. */
export function likeSubstring(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Reads for the registry passthrough (/v0.1), in the official API's order. */
export class RegistryRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Up to `limit` rows after the cursor position, in (name, version) byte order. */
  async list(filter: RegistryListFilter): Promise<RegistryRow[]> {
    const where: Prisma.Sql[] = [];
    if (!filter.includeDeleted) where.push(Prisma.sql`v.status <> 'deleted'`);
    if (filter.after)
      where.push(Prisma.sql`(v.server_name, v.version) > (${filter.after.name}, ${filter.after.version})`);
    if (filter.search) where.push(Prisma.sql`v.server_name ILIKE ${likeSubstring(filter.search)}`);
    if (filter.updatedSince) where.push(Prisma.sql`v.updated_at > ${filter.updatedSince}`);
    if (filter.latestOnly) where.push(Prisma.sql`v.is_latest`);
    if (filter.version) where.push(Prisma.sql`v.version = ${filter.version}`);
    const clause = where.length ? Prisma.sql`WHERE ${Prisma.join(where, " AND ")}` : Prisma.empty;
    return this.prisma.$queryRaw<RegistryRow[]>`${SELECT} ${clause}
      ORDER BY v.server_name, v.version LIMIT ${filter.limit}`;
  }

  /** Every version of a server, oldest first (the contract's order, not upstream's). */
  async versions(name: string, includeDeleted: boolean): Promise<RegistryRow[]> {
    const deleted = includeDeleted ? Prisma.empty : Prisma.sql`AND v.status <> 'deleted'`;
    return this.prisma.$queryRaw<RegistryRow[]>`${SELECT}
      WHERE v.server_name = ${name} ${deleted} ORDER BY v.published_at, v.version`;
  }

  async extras(name: string): Promise<RegistryExtras | null> {
    return this.prisma.server.findUnique({
      where: { name },
      select: {
        owner: true,
        categories: true,
        qualityScore: true,
        qualityLabel: true,
        tools: {
          select: {
            name: true,
            title: true,
            description: true,
            inputSchema: true,
            outputSchema: true,
            annotations: true,
          },
          orderBy: { name: "asc" },
        },
      },
    });
  }

  /** One version; `latest` is the version marked latest. */
  async version(name: string, version: string): Promise<RegistryRow | undefined> {
    const match = version === "latest" ? Prisma.sql`v.is_latest` : Prisma.sql`v.version = ${version}`;
    const rows = await this.prisma.$queryRaw<RegistryRow[]>`${SELECT}
      WHERE v.server_name = ${name} AND ${match} ORDER BY v.published_at DESC LIMIT 1`;
    return rows[0];
  }
}
