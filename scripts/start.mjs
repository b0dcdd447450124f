// `npm start`: migrates the database and runs the five services as one process tree on the
// embedded default (local PostgreSQL and Redis, in-process vectors, local embeddings).
// Every setting can be overridden through the environment (see the README's table).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDatabase, migrate } from "@catalog/db";
import { loadConfig } from "@catalog/config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SERVICES = ["catalog", "search", "prober", "ingest", "gateway"];
const config = loadConfig();

if (await ensureDatabase(config.DATABASE_URL))
  console.log(`created database ${new URL(config.DATABASE_URL).pathname.slice(1)}`);
await migrate(config.DATABASE_URL);
console.log("database migrated");

const children = new Map();
let stopping = false;

// The embedded start keeps the search service's HNSW graphs beside the checkout (ignored by git),
// so a restart of a large catalog reads them instead of building them again.
const env = { SEARCH_GRAPH_DIR: path.join(root, ".data", "graphs"), ...process.env };

function launch(name, attempt = 0) {
  const child = spawn(process.execPath, [path.join(root, "services", name, "dist", "main.js")], {
    env,
    stdio: "inherit",
  });
  children.set(name, child);
  child.on("exit", (code, signal) => {
    children.delete(name);
    if (stopping) {
      if (children.size === 0) process.exit(0);
      return;
    }
    const delay = Math.min(30_000, 1000 * 2 ** attempt);
    console.error(`${name} exited (${signal ?? code}); restarting in ${delay / 1000}s`);
    setTimeout(() => stopping || launch(name, attempt + 1), delay);
  });
}

for (const name of SERVICES) launch(name);
console.log(
  `MCP Server Catalog: ${config.BASE_URL}  (gateway on port ${config.PORT}; /healthz, /v0.1/servers)`,
);
const emptyBecause = await whyEmpty();
if (emptyBecause) console.log(emptyBecause);

/**
 * Said on the console, not only in a log line: an empty catalog that the mirror cannot fill
 * (no snapshot to fall back on, the registry unreachable or the mirror switched off) and what to do.
 */
async function whyEmpty() {
  const { Database } = await import("@catalog/db");
  const db = new Database({ url: config.DATABASE_URL, poolSize: 1, applicationName: "start" });
  try {
    const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM servers");
    if (rows[0].n > 0 || config.REGISTRY_SNAPSHOT) return undefined;
  } finally {
    await db.close();
  }
  const reason = !config.MIRROR_ENABLED
    ? "the registry mirror is switched off (MIRROR_ENABLED=false)"
    : (await reachable(config.REGISTRY_URL))
      ? undefined
      : `the registry (${config.REGISTRY_URL}) cannot be reached from here`;
  if (!reason) return undefined;
  return [
    "",
    `The catalog is empty: ${reason}, and no snapshot is set.`,
    "Load it from a registry snapshot (a JSON file of the official registry's /v0.1/servers listing):",
    "  REGISTRY_SNAPSHOT=/path/to/registry.json npm start   mirrored whenever the registry cannot be reached",
    "  npm run import -- /path/to/registry.json --wait     imported once into the running catalog",
    "Until then every search answers with no results.",
    "",
  ].join("\n");
}

async function reachable(url) {
  try {
    await fetch(new URL("/v0.1/servers?limit=1", url), { signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = true;
    if (children.size === 0) process.exit(0);
    for (const child of children.values()) child.kill("SIGTERM");
  });
}
