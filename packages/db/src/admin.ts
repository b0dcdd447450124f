import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Creates the database named in `url` when it does not exist yet (fresh machines, tests), a copy
 * of `template` when given; `strategy` is how PostgreSQL copies it (its default, WAL_LOG, unless given).
 */
export async function ensureDatabase(
  url: string,
  template?: string,
  strategy?: "FILE_COPY" | "WAL_LOG",
): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount) return false;
    const from = template
      ? ` TEMPLATE ${pg.escapeIdentifier(template)}${strategy ? ` STRATEGY ${strategy}` : ""}`
      : "";
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${from}`);
    return true;
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = "/postgres";
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Applies the committed migrations with `prisma migrate deploy` (the JS engine works offline). */
export async function migrate(url: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const cli = path.join(path.dirname(require.resolve("prisma/package.json")), "build", "index.js");
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "migrate", "deploy"], {
      cwd: packageRoot,
      env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`prisma migrate deploy failed:\n${output}`)),
    );
  });
}
