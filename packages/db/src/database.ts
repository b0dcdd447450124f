import pg from "pg";
import { CatalogPgAdapter } from "./adapter.js";
import { PrismaClient } from "./prisma.js";

export type DatabaseOptions = {
  url: string;
  poolSize?: number;
  applicationName?: string;
  /** Session settings of every connection, as `-c name=value` words (PGOPTIONS syntax). */
  sessionOptions?: string;
};

/**
 * The one PostgreSQL connection pool of a process, shared by Prisma and the few hand-written
 * queries. Lost connections are replaced by the pool; an idle client's error is logged, not fatal.
 */
export class Database {
  readonly pool: pg.Pool;
  readonly prisma: PrismaClient;

  constructor(options: DatabaseOptions, onError: (err: Error) => void = () => undefined) {
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      application_name: options.applicationName ?? "catalog",
      ...(options.sessionOptions ? { options: options.sessionOptions } : {}),
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 10_000,
    });
    this.pool.on("error", onError);
    this.prisma = new PrismaClient({ adapter: new CatalogPgAdapter(this.pool), errorFormat: "minimal" });
  }

  async ping(): Promise<boolean> {
    try {
      await this.pool.query("SELECT 1");
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.prisma.$disconnect();
    await this.pool.end().catch(() => undefined);
  }
}
