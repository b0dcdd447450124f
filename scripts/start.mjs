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
    setTimeout(() => launch(name, attempt + 1), delay);
  });
}

for (const name of SERVICES) launch(name);
console.log(
  `MCP Server Catalog: ${config.BASE_URL}  (gateway on port ${config.PORT}; /healthz, /v0.1/servers)`,
);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = true;
    if (children.size === 0) process.exit(0);
    for (const child of children.values()) child.kill("SIGTERM");
  });
}
