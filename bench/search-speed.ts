/**
 * Search speed: loads a catalog generated from the real data through the job path (measuring
 * indexing throughput), starts the search service and the gateway as their own processes, and
 * measures GET /v1/search from this process with autocannon at concurrency 1 and 16.
 *
 * Usage: pnpm --filter @catalog/bench run search:speed -- [servers] [tools] [seconds]
 *   full size: 20000 300000 30; the default is a reduced run (2000 servers, 30000 tools, 10 s).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { createHarness, importJob, waitForIdle } from "@catalog/testing";
import { startSearchFor, searchConfig, type Intent } from "../tests/support/search-catalog.js";
import { startCatalogWorker } from "../services/catalog/src/catalog.js";
import { generateCatalog } from "./generate-catalog.js";
import { benchInfrastructure, round } from "./support.js";

const [servers = 2000, tools = 30_000, seconds = 10] = process.argv
  .slice(2)
  .filter((a) => a !== "--")
  .map(Number);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const intents = (
  JSON.parse(readFileSync(path.join(root, "tests/fixtures/search-intents.json"), "utf8")) as {
    queries: Intent[];
  }
).queries;

await benchInfrastructure();
const h = await createHarness();
const children: ChildProcess[] = [];
try {
  const catalog = generateCatalog(servers, tools);
  const toolCount = Object.values(catalog.tools).reduce((n, l) => n + l.length, 0);
  process.stderr.write(`generated ${catalog.registry.length} servers, ${toolCount} tools\n`);

  // Indexing: the catalog worker and the search service in this process, as the tests run them.
  const worker = startCatalogWorker({
    db: h.db,
    bus: h.bus,
    log: h.log,
    config: { CATALOG_CONCURRENCY: 4, WORKER_LOCK_MS: 60_000, PROBE_INTERVAL_MS: 86_400_000 },
  });
  const indexer = await startSearchFor(h, { WORKER_LOCK_MS: 120_000 });
  await indexer.ready;
  let started = Date.now();
  await h.bus.addBulk(
    "catalog",
    "upsert-version",
    catalog.registry.map((e) => ({ data: importJob(e) })),
  );
  await waitForIdle(h.bus, ["catalog", "search"], 24 * 3600_000);
  const serversSeconds = (Date.now() - started) / 1000;
  started = Date.now();
  const observedAt = new Date().toISOString();
  await h.bus.addBulk(
    "catalog",
    "import-tools",
    Object.entries(catalog.tools).map(([serverName, list]) => ({
      data: { serverName, tools: list, observedAt },
    })),
  );
  await waitForIdle(h.bus, ["catalog", "search"], 24 * 3600_000);
  const toolsSeconds = (Date.now() - started) / 1000;
  await indexer.stop();
  await worker.close();
  const docs = (await h.db.pool.query("SELECT count(*)::int AS n FROM search_documents")).rows[0].n as number;
  const texts = (await h.db.pool.query("SELECT count(*)::int AS n FROM embeddings")).rows[0].n as number;

  // Serving: search service and gateway as separate processes on loopback.
  const env = { ...process.env, ...h.env, LOG_LEVEL: "warn" };
  const config = searchConfig(h);
  const start = (service: string, extra: Record<string, string>) => {
    const child = spawn(process.execPath, [path.join(root, `services/${service}/dist/main.js`)], {
      env: { ...env, ...extra },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(child);
  };
  const searchPort = 18_500 + Math.floor(Math.random() * 1000);
  const gatewayPort = searchPort + 1000;
  started = Date.now();
  start("search", { SEARCH_PORT: String(searchPort), VECTOR_EXACT_MAX: String(config.VECTOR_EXACT_MAX) });
  const counts = await h.db.pool.query("SELECT kind, count(*)::int AS n FROM search_documents GROUP BY kind");
  const graphs = counts.rows
    .filter((r: { n: number }) => r.n > config.VECTOR_EXACT_MAX)
    .map((r: { kind: string }) => `${r.kind}s hnsw`);
  // Warm means loaded and, above VECTOR_EXACT_MAX, with the HNSW graphs built.
  for (;;) {
    const mode = await fetch(`http://127.0.0.1:${searchPort}/internal/mode`)
      .then((r) => r.json() as Promise<{ mode: string; vectors: string | null }>)
      .catch(() => undefined);
    if (mode?.mode === "hybrid" && graphs.every((g: string) => mode.vectors?.includes(g))) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const loadSeconds = (Date.now() - started) / 1000;
  // One client sends every request: the anonymous rate limit would answer 429 after 20.
  start("gateway", {
    PORT: String(gatewayPort),
    SEARCH_URL: `http://127.0.0.1:${searchPort}`,
    RATE_LIMIT_ENABLED: "false",
  });
  for (;;) {
    if (
      await fetch(`http://127.0.0.1:${gatewayPort}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }

  const paths = intents.map((i) => `/v1/search?q=${encodeURIComponent(i.q)}&limit=10`);
  const run = async (connections: number, duration: number) => {
    let n = 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${gatewayPort}`,
      connections,
      duration,
      requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }],
    });
    return {
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: round(result.requests.average, 1),
      errors: result.errors + result.non2xx,
    };
  };
  await run(4, 5); // warm: query vectors cached, PostgreSQL pages in memory
  const c1 = await run(1, seconds);
  const c16 = await run(16, seconds);
  if (c1.errors + c16.errors > 0) throw new Error("failed requests: the figures would measure errors");

  console.log(
    `catalog: ${catalog.registry.length} servers, ${toolCount} tools, ${docs} documents, ${texts} embedded texts`,
  );
  console.log(
    `indexing: servers ${round(serversSeconds, 1)} s, tools ${round(toolsSeconds, 1)} s, ${round(docs / (serversSeconds + toolsSeconds), 1)} documents/s end to end`,
  );
  console.log(`search service start (vectors from PostgreSQL, graphs built): ${round(loadSeconds, 1)} s`);
  console.log("| concurrency | p50 ms | p99 ms | requests/s | errors |");
  console.log("|---|---|---|---|---|");
  console.log(`| 1 | ${c1.p50} | ${c1.p99} | ${c1.rps} | ${c1.errors} |`);
  console.log(`| 16 | ${c16.p50} | ${c16.p99} | ${c16.rps} | ${c16.errors} |`);
} finally {
  for (const child of children) child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1000));
  await h.close();
}
