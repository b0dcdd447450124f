import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

/** PostgreSQL type OIDs that adapter-pg 6.19 cannot map (prisma/orm#27403): read them as text. */
const TEXT_OID = 25;
const NAME_OID = 19;
const CHAR_OID = 18;

type QueryResultLike = { fields?: { dataTypeID: number }[] };
type Queryable = { performIO: (query: unknown) => Promise<QueryResultLike> };
type TransactionOpener = { startTransaction: (...args: unknown[]) => Promise<unknown> };

/** Reads `name` and `"char"` columns as text. Applied to adapters and their transactions. */
function patchColumnTypes<T>(queryable: T): T {
  const target = queryable as unknown as Queryable & Partial<TransactionOpener>;
  const performIO = target.performIO.bind(target);
  target.performIO = async (query) => {
    const result = await performIO(query);
    // A multi-statement script yields one result per statement.
    for (const part of Array.isArray(result) ? (result as QueryResultLike[]) : [result]) {
      for (const field of part.fields ?? []) {
        if (field.dataTypeID === NAME_OID || field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
      }
    }
    return result;
  };
  if (target.startTransaction) {
    const startTransaction = target.startTransaction.bind(target);
    target.startTransaction = async (...args) => patchColumnTypes(await startTransaction(...args));
  }
  return queryable;
}

/** pg lets a connection string override `database`, so the name is replaced inside it. */
function withDatabase(config: pg.PoolConfig, database: string): pg.PoolConfig {
  if (!config.connectionString) return { ...config, database };
  const url = new URL(config.connectionString);
  url.pathname = `/${database}`;
  return { ...config, connectionString: url.toString() };
}

/**
 * The pg driver adapter with the two fixes adapter-pg 6.19 needs for the JS schema engine and
 * the client: column type mapping, and a shadow database that is dropped only after its pool
 * is closed (otherwise `DROP DATABASE` fails on the pool's open connections in `migrate dev`).
 */
export class CatalogPgAdapter extends PrismaPg {
  private readonly poolConfig: pg.PoolConfig;

  /** Takes a pool (shared with the caller) or the settings for one of its own. */
  constructor(poolOrConfig: pg.Pool | pg.PoolConfig) {
    super(poolOrConfig);
    this.poolConfig = poolOrConfig instanceof pg.Pool ? poolOrConfig.options : poolOrConfig;
  }

  override async connect(): ReturnType<PrismaPg["connect"]> {
    return patchColumnTypes(await super.connect());
  }

  override async connectToShadowDb(): ReturnType<PrismaPg["connectToShadowDb"]> {
    const main = await this.connect();
    const database = `prisma_migrate_shadow_db_${globalThis.crypto.randomUUID()}`;
    await main.executeScript(`CREATE DATABASE "${database}"`);
    const shadow = await new PrismaPg(withDatabase(this.poolConfig, database)).connect();
    const dispose = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await dispose();
      await main.executeScript(`DROP DATABASE IF EXISTS "${database}"`);
      await main.dispose();
    };
    return patchColumnTypes(shadow);
  }
}
