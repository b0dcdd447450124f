import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Worker } from "bullmq";
import pg from "pg";
import { startCatalogWorker, type CatalogDeps } from "../../services/catalog/src/catalog.js";
import { createMirror } from "../../services/ingest/src/ingest.js";
import { FileRegistrySource, type RegistrySource } from "../../services/ingest/src/mirror/registry-source.js";
import {
  clearQueuePrefix,
  createHarness,
  sharedData,
  SNAPSHOT_2025_12_18,
  testPostgresUrl,
  waitForIdle,
  withDatabase,
  type Harness,
} from "@catalog/testing";

/** Starts an in-process catalog worker on the harness (categories by keywords unless a classifier is given). */
export function catalogWorker(h: Harness, options: Pick<CatalogDeps, "classifier" | "now"> = {}): Worker {
  return startCatalogWorker({
    db: h.db,
    bus: h.bus,
    log: h.log,
    config: { CATALOG_CONCURRENCY: 8, WORKER_LOCK_MS: 5000, PROBE_INTERVAL_MS: 86_400_000 },
    ...options,
  });
}

/**
 * Mirrors a snapshot file from shared/data into the harness's catalog and waits until it is
 * written; with `search`, only the servers whose name contains it (the registry's own filter).
 */
export async function mirrorSnapshot(
  h: Harness,
  file: string,
  slice: { search?: string } = {},
): Promise<void> {
  const source = new FileRegistrySource(sharedData(file));
  const sliced: RegistrySource = slice.search
    ? { description: source.description, list: (q) => source.list({ ...q, search: slice.search }) }
    : source;
  const mirror = createMirror(h, sliced, 86_400_000);
  await mirror.run("full");
  // Generous: on a loaded 2-core machine the full snapshot has taken over three minutes.
  await waitForIdle(h.bus, ["catalog"], 420_000);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Everything a mirrored catalog depends on: the data file, the migrations and the code that writes it. */
function catalogCodeHash(file: string): string {
  const hash = createHash("sha256").update(file);
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "dist" && entry.name !== "generated") walk(full);
      } else if (/\.(ts|sql)$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
        hash.update(full.slice(root.length)).update(readFileSync(full));
      }
    }
  };
  for (const dir of ["packages", "services/catalog/src", "services/ingest/src"]) walk(path.join(root, dir));
  return hash.digest("hex").slice(0, 12);
}

/**
 * A harness whose database already holds the mirrored snapshot. The mirror runs once per change
 * of the data or of the code that writes the catalog; later test files copy the result
 * (CREATE DATABASE ... TEMPLATE), which takes a second instead of a full mirror.
 */
export async function snapshotHarness(file = SNAPSHOT_2025_12_18): Promise<Harness> {
  const name = `catalog_snapshot_${catalogCodeHash(file)}`;
  const base = testPostgresUrl();
  const admin = new pg.Client({ connectionString: withDatabase(base, "postgres") });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!exists.rowCount) {
      const builder = await createHarness();
      const worker = catalogWorker(builder);
      try {
        await mirrorSnapshot(builder, file);
      } finally {
        await worker.close();
        await builder.bus.close();
        await builder.db.close();
      }
      const stale = await admin.query(
        "SELECT datname FROM pg_database WHERE datname LIKE 'catalog\\_snapshot\\_%'",
      );
      for (const row of stale.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(row.datname)}`);
      // Renaming is atomic: a build cut short never leaves a half-loaded template behind.
      const built = new URL(builder.databaseUrl).pathname.slice(1);
      await admin.query(
        `ALTER DATABASE ${pg.escapeIdentifier(built)} RENAME TO ${pg.escapeIdentifier(name)}`,
      );
      await clearQueuePrefix(builder.redisUrl, builder.prefix);
    }
  } finally {
    await admin.end();
  }
  return createHarness({ template: name });
}
