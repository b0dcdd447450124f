import type { PrismaClient } from "../prisma.js";

export type Distribution = {
  /** Servers not deleted upstream. */
  servers: number;
  classes: Record<string, number>;
  /** Trust scores in bands of 10 (0-9 ... 90-100), keyed by the band's lower bound. */
  trust: Record<string, number>;
  /** Servers per category (a server counts once in each of its 1..3 categories). */
  categories: Record<string, number>;
  /** Servers per number of categories. */
  categoryCounts: Record<string, number>;
  quality: Record<string, number>;
  flags: Record<string, number>;
  ownerVerified: number;
  /**
   * Servers with an npm or PyPI dependency report (`listings`), those whose package deps.dev
   * listed (`read`: the newest version is known) and those behind it (listing_behind_package).
   */
  packaged: { listings: number; read: number; behind: number };
};

type Count = { key: string; n: number };

/** Counts over the catalog's derived facts, for the operators' report. */
export class ReportRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async distribution(): Promise<Distribution> {
    const by = async (expression: string): Promise<Record<string, number>> => {
      const rows = await this.prisma.$queryRawUnsafe<Count[]>(
        `SELECT ${expression} AS key, count(*)::int AS n FROM servers WHERE status <> 'deleted' GROUP BY 1 ORDER BY 1`,
      );
      return Object.fromEntries(rows.map((r) => [String(r.key), r.n]));
    };
    const unnested = async (column: string): Promise<Record<string, number>> => {
      const rows = await this.prisma.$queryRawUnsafe<Count[]>(
        `SELECT v AS key, count(*)::int AS n FROM servers, unnest(${column}) v
         WHERE status <> 'deleted' GROUP BY 1 ORDER BY 2 DESC, 1`,
      );
      return Object.fromEntries(rows.map((r) => [r.key, r.n]));
    };
    const [servers] = await this.prisma.$queryRaw<{ n: number; verified: number }[]>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE (owner->>'verified')::boolean)::int AS verified
      FROM servers WHERE status <> 'deleted'`;
    const [packaged] = await this.prisma.$queryRaw<Distribution["packaged"][]>`
      SELECT count(DISTINCT r.server_name)::int AS listings,
             count(DISTINCT r.server_name) FILTER (WHERE r.newest_version IS NOT NULL)::int AS read,
             count(DISTINCT r.server_name) FILTER (WHERE 'listing_behind_package' = ANY (s.trust_flags))::int AS behind
      FROM dependency_reports r JOIN servers s ON s.name = r.server_name WHERE s.status <> 'deleted'`;
    return {
      servers: servers?.n ?? 0,
      classes: await by("connection_class::text"),
      trust: await by("lpad((least(trust_score, 99) / 10 * 10)::text, 2, '0')"),
      categories: await unnested("categories"),
      categoryCounts: await by("cardinality(categories)"),
      quality: await by("quality_label"),
      flags: await unnested("trust_flags"),
      ownerVerified: servers?.verified ?? 0,
      packaged: packaged ?? { listings: 0, read: 0, behind: 0 },
    };
  }
}
