import { createHash, type Hash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import {
  clearQueuePrefix,
  createHarness,
  testPostgresUrl,
  withDatabase,
  type Harness,
} from "@catalog/testing";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SKIPPED_DIRS = new Set(["node_modules", "dist", "generated"]);

/** Adds a file, or the TypeScript and SQL sources under a directory (tests excepted), to `hash`. */
function hashPath(hash: Hash, full: string): void {
  if (!statSync(full).isDirectory()) {
    hash.update(full.slice(root.length)).update(readFileSync(full));
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const child = path.join(full, entry.name);
    if (entry.isDirectory() ? !SKIPPED_DIRS.has(entry.name) : /(?<!\.test)\.(ts|sql)$/.test(entry.name))
      hashPath(hash, child);
  }
}

/**
 * Names a template's content: the `labels` it was built from (data files) and the code that
 * writes it, `paths` in the repository (directories are read for their sources, files whole).
 */
export function sourceHash(paths: readonly string[], ...labels: string[]): string {
  const hash = createHash("sha256").update(labels.join("\n"));
  for (const p of paths) hashPath(hash, path.join(root, p));
  return hash.digest("hex").slice(0, 12);
}

export type TemplateOptions = {
  /** The template the build starts from (built first if need be); an empty migrated one if absent. */
  from?: () => Promise<string>;
  /**
   * Content-addressed tables (rows keyed by what they were computed from, such as `embeddings`:
   * a vector per model and text) whose rows the build starts with, taken from the family's
   * newest earlier template: a rebuild after a code change recomputes only what changed, as a
   * re-import does in production.
   */
  reuse?: readonly string[];
};

/**
 * The template database `<family>_<key>`, which `build` fills once, in a harness of its own, for
 * the first test file that asks. Jest runs files in parallel workers: the others wait on an
 * advisory lock while it is built, then copy it (CREATE DATABASE ... TEMPLATE takes a second).
 */
export async function ensureTemplate(
  family: string,
  key: string,
  build: (h: Harness) => Promise<void>,
  options: TemplateOptions = {},
): Promise<string> {
  const name = `${family}_${key}`;
  // Before this family's lock: a base being built by another worker is waited for there.
  const base = await options.from?.();
  const admin = new pg.Client({ connectionString: withDatabase(testPostgresUrl(), "postgres") });
  await admin.connect();
  try {
    // Held by this session: released when it ends, also when a building worker dies.
    await admin.query("SELECT pg_advisory_lock(hashtext($1))", [family]);
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!exists.rowCount) {
      await buildTemplate(
        admin,
        name,
        async (h) => {
          await reuseRows(admin, family, h, options.reuse ?? []);
          await build(h);
        },
        base,
      );
      await dropStale(admin, family, name);
    }
  } finally {
    await admin.end();
  }
  return name;
}

/** A harness over a copy of the template `ensureTemplate` makes. */
export async function templateHarness(
  family: string,
  key: string,
  build: (h: Harness) => Promise<void>,
  options: TemplateOptions = {},
): Promise<Harness> {
  return createHarness({ template: await ensureTemplate(family, key, build, options) });
}

async function buildTemplate(
  admin: pg.Client,
  name: string,
  build: (h: Harness) => Promise<void>,
  base: string | undefined,
): Promise<void> {
  const builder = await createHarness({ template: base });
  try {
    await build(builder);
  } catch (err) {
    await builder.close(); // drops the half-filled database
    throw err;
  }
  await builder.bus.close();
  await builder.db.close();
  await clearQueuePrefix(builder.redisUrl, builder.prefix);
  // Renaming is atomic: a build cut short never leaves a half-filled template behind.
  const built = new URL(builder.databaseUrl).pathname.slice(1);
  await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(built)} RENAME TO ${pg.escapeIdentifier(name)}`);
}

/** Rows per statement when `reuseRows` copies a table (a vector row is about 4 KB as JSON). */
const REUSE_BATCH = 1000;

/**
 * Copies `tables` from the family's newest earlier template into `h`'s database. It reads a copy
 * of that template, not the template itself: another checkout may be copying it at the time,
 * which a second session on it would make fail.
 */
async function reuseRows(
  admin: pg.Client,
  family: string,
  h: Harness,
  tables: readonly string[],
): Promise<void> {
  if (tables.length === 0) return;
  const [source] = await familyTemplates(admin, family);
  if (!source) return;
  const copy = `${source}_reuse`;
  await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(copy)}`);
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(copy)} TEMPLATE ${pg.escapeIdentifier(source)}`);
  const reader = new pg.Client({ connectionString: withDatabase(testPostgresUrl(), copy) });
  await reader.connect();
  try {
    for (const table of tables) {
      const t = pg.escapeIdentifier(table);
      for (let offset = 0; ; offset += REUSE_BATCH) {
        const { rows } = await reader.query<{ batch: unknown }>(
          `SELECT json_agg(r) AS batch FROM (SELECT * FROM ${t} ORDER BY ctid LIMIT $1 OFFSET $2) r`,
          [REUSE_BATCH, offset],
        );
        if (!rows[0]?.batch) break;
        await h.db.pool.query(
          `INSERT INTO ${t} SELECT * FROM json_populate_recordset(null::${t}, $1::json) ON CONFLICT DO NOTHING`,
          [JSON.stringify(rows[0].batch)],
        );
      }
    }
  } finally {
    await reader.end();
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(copy)}`);
  }
}

/**
 * Drops the family's other templates but the newest, so that two checkouts sharing the server (a
 * clean clone beside a working tree) do not rebuild each other's; one being copied stays for later.
 */
async function dropStale(admin: pg.Client, family: string, current: string): Promise<void> {
  const stale = (await familyTemplates(admin, family)).filter((name) => name !== current).slice(1);
  for (const name of stale)
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)}`).catch(() => undefined);
}

/** The family's template databases, newest first. */
async function familyTemplates(admin: pg.Client, family: string): Promise<string[]> {
  const { rows } = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname ~ $1 ORDER BY oid DESC",
    [`^${family}_[0-9a-f]+$`],
  );
  return rows.map((r) => r.datname);
}
