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

/**
 * The template database `<family>_<key>`, which `build` fills once, in a harness of its own (a
 * copy of the template `from` names, else an empty migrated database), for the first test file
 * that asks. Jest runs files in parallel workers: the others wait on an advisory lock while it is
 * built, then copy it (CREATE DATABASE ... TEMPLATE takes a second).
 */
export async function ensureTemplate(
  family: string,
  key: string,
  build: (h: Harness) => Promise<void>,
  from?: () => Promise<string>,
): Promise<string> {
  const name = `${family}_${key}`;
  // Before this family's lock: a base being built by another worker is waited for there.
  const base = await from?.();
  const admin = new pg.Client({ connectionString: withDatabase(testPostgresUrl(), "postgres") });
  await admin.connect();
  try {
    // Held by this session: released when it ends, also when a building worker dies.
    await admin.query("SELECT pg_advisory_lock(hashtext($1))", [family]);
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!exists.rowCount) {
      await buildTemplate(admin, name, build, base);
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
  from?: () => Promise<string>,
): Promise<Harness> {
  return createHarness({ template: await ensureTemplate(family, key, build, from) });
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

/**
 * Drops the family's other templates but the newest, so that two checkouts sharing the server (a
 * clean clone beside a working tree) do not rebuild each other's; one being copied stays for later.
 */
async function dropStale(admin: pg.Client, family: string, current: string): Promise<void> {
  const stale = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname ~ $1 AND datname <> $2 ORDER BY oid DESC OFFSET 1",
    [`^${family}_[0-9a-f]+$`, current],
  );
  for (const { datname } of stale.rows)
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)}`).catch(() => undefined);
}
