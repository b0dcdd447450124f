// Writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that brings the
// committed migrations to the current schema. `prisma migrate dev` cannot run offline with the
// JS schema engine (its data-loss check wants a native shadow database); `migrate diff` can.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: pnpm --filter @catalog/db migration:new <snake_case_name>");
  process.exit(2);
}
const sql = execFileSync(
  "prisma",
  [
    "migrate",
    "diff",
    "--from-migrations",
    "prisma/migrations",
    "--to-schema-datamodel",
    "prisma/schema.prisma",
    "--script",
  ],
  { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
);
if (sql.includes("This is an empty migration")) {
  console.error("schema and migrations agree: nothing to write");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join("prisma", "migrations", `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), sql);
console.log(`wrote ${dir}/migration.sql`);
