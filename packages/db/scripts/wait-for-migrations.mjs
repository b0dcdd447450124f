// Init container of every Deployment: waits until the database has applied every migration this
// image ships (the migration Job applies them), so a pod never runs against an older schema.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "prisma", "migrations");
const wanted = readdirSync(dir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const deadline = Date.now() + Number(process.env.MIGRATION_WAIT_MS ?? 600_000);

for (;;) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  try {
    await client.connect();
    const { rows } = await client.query(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
    );
    const applied = new Set(rows.map((r) => r.migration_name));
    const missing = wanted.filter((m) => !applied.has(m));
    if (missing.length === 0) {
      console.log(`all ${wanted.length} migrations applied`);
      process.exit(0);
    }
    console.log(`waiting for migrations: ${missing.join(", ")}`);
  } catch (err) {
    console.log(`waiting for the database: ${err.message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  if (Date.now() > deadline) {
    console.error("gave up waiting for migrations");
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 3000));
}
