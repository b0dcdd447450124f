import path from "node:path";
import { defineConfig } from "prisma/config";
import { CatalogPgAdapter } from "./src/adapter.ts";

// The schema's env("DATABASE_URL") must resolve even for `generate`: when it does not, the CLI
// cannot read the generator's engineType and tries to download a native engine (offline: fails).
process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/catalog";
const databaseUrl = process.env.DATABASE_URL;

// The JS schema engine with the pg adapter runs offline; Prisma 7's native engine download does not.
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new CatalogPgAdapter({ connectionString: databaseUrl }),
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
});
