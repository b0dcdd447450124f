/**
 * Search speed: loads a catalog generated from the real data through the job path (measuring
 * indexing throughput), starts the search service and the gateway as their own processes, and
 * measures GET /v1/search from this process with autocannon at concurrency 1 and 16: with the
 * candidate cache, with every search retrieving, and with a stream of queries never seen before
 * (every search embeds its query too). The queries are those of the labelled sets
 * (tests/fixtures/search). Also the lexical index's build time and memory at that size.
 *
 * Usage: pnpm --filter @catalog/bench run search:speed -- [servers] [tools] [seconds]
 *   full size: 20000 300000 30; the default is a reduced run (2000 servers, 30000 tools, 10 s).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { ensureDatabase } from "@catalog/db";
import { createProvider } from "../packages/embeddings/dist/index.js";
import { createHarness, waitForIdle, withDatabase, type Harness } from "@catalog/testing";
import { SearchRepository } from "@catalog/db";
import { startSearchFor, searchConfig } from "../tests/support/search-catalog.js";
import { labelledSets } from "../tests/support/search-sets.js";
import { LexicalSync } from "../services/search/src/indexing/lexical-sync.js";
import { startCatalogWorker } from "../services/catalog/src/catalog.js";
import { generateCatalog } from "./generate-catalog.js";
import { startCeiling } from "./lib.mjs";
import { StandInProvider } from "./stand-in-provider.js";
import { benchInfrastructure, cpuSeconds, queueServers, queueToolLists, round } from "./support.js";

const [servers = 2000, tools = 30_000, seconds = 10] = process.argv
  .slice(2)
  .filter((a) => a !== "--")
  .map(Number);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sets = labelledSets();
const queries = [...sets.names, ...sets.intents, ...sets.tasks].map((i) => i.q);

// BENCH_SAVE_AS=<db>: keep a copy of the loaded database; BENCH_FROM=<db>: serve that copy
// (no generation and no indexing), to measure query changes on a large catalog in minutes.
const saveAs = process.env.BENCH_SAVE_AS;
// BENCH_STAND_IN_VECTORS=1: documents get stand-in vectors (bench/stand-in-provider.ts: the real
// model's vectors of the source texts, moved per generated text), so a catalog too large to
// embed in the time at hand can still be served and measured.
const standIn = process.env.BENCH_STAND_IN_VECTORS === "1";
const from = process.env.BENCH_FROM;

await benchInfrastructure();
// A load is saved as soon as it is done (before serving), so a failed serve never costs the hour.
if (!from && saveAs) {
  const loading = await createHarness();
  try {
    await loadInto(loading);
    await loading.db.close();
    await ensureDatabase(
      withDatabase(loading.databaseUrl, saveAs),
      new URL(loading.databaseUrl).pathname.slice(1),
    );
    process.stderr.write(`saved the loaded database as ${saveAs}\n`);
  } finally {
    await loading.close();
  }
}
const h = await createHarness(from || saveAs ? { template: from ?? saveAs } : {});
const children: ChildProcess[] = [];
try {
  if (!from && !saveAs) await loadInto(h);
  const docs = (await h.db.pool.query("SELECT count(*)::int AS n FROM search_documents")).rows[0].n as number;
  const texts = (await h.db.pool.query("SELECT count(*)::int AS n FROM embeddings")).rows[0].n as number;
  console.log(`catalog: ${docs} documents, ${texts} embedded texts${from ? ` (database ${from})` : ""}`);
  await lexicalFootprint();
  await serve();
} finally {
  for (const child of children) child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1000));
  await h.close();
}

/** Generates the catalog and loads it through the catalog's and the search service's jobs. */
async function loadInto(h: Harness): Promise<void> {
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
  const indexer = await startSearchFor(
    h,
    { WORKER_LOCK_MS: 120_000 },
    standIn ? new StandInProvider((await createProvider(searchConfig(h)))!) : undefined,
  );
  await indexer.ready;
  // The catalog first, then the search worker alone on the index jobs the catalog queued: each
  // gets its own figure, and the search figure is the indexing throughput proper.
  await indexer.worker.pause();
  const progress = setInterval(() => {
    h.db.pool
      .query(
        "SELECT (SELECT count(*) FROM tools)::int AS tools, (SELECT count(*) FROM search_documents)::int AS docs",
      )
      .then(({ rows }) =>
        process.stderr.write(
          `${new Date().toISOString()} ${rows[0].tools} tools, ${rows[0].docs} documents\n`,
        ),
      )
      .catch(() => undefined);
  }, 30_000);
  let started = Date.now();
  await queueServers(h.bus, catalog);
  await waitForIdle(h.bus, ["catalog"], 24 * 3600_000);
  const serversSeconds = (Date.now() - started) / 1000;
  started = Date.now();
  await queueToolLists(h.bus, catalog);
  await waitForIdle(h.bus, ["catalog"], 24 * 3600_000);
  const toolsSeconds = (Date.now() - started) / 1000;
  const indexJobs = await h.bus.queue("search").getWaitingCount();
  started = Date.now();
  indexer.worker.resume();
  await waitForIdle(h.bus, ["search"], 24 * 3600_000);
  const keywordSeconds = (Date.now() - started) / 1000;
  await waitForIdle(h.bus, ["vectors"], 24 * 3600_000);
  const searchSeconds = (Date.now() - started) / 1000;
  clearInterval(progress);
  await indexer.stop();
  await worker.close();
  const docs = (await h.db.pool.query("SELECT count(*)::int AS n FROM search_documents")).rows[0].n as number;
  console.log(`generated: ${catalog.registry.length} servers, ${toolCount} tools`);
  console.log(
    `catalog writes: servers ${round(serversSeconds, 1)} s, tools ${round(toolsSeconds, 1)} s (catalog worker, concurrency 4)`,
  );
  console.log(
    `search indexing: ${indexJobs} index jobs, ${docs} documents keyword-searchable in ${round(keywordSeconds, 1)} s (${round(docs / keywordSeconds, 1)} documents/s), with vectors in ${round(searchSeconds, 1)} s: ${round(docs / searchSeconds, 1)} documents/s (search worker alone, ${standIn ? "STAND-IN VECTORS, the model embeds source texts only" : `EMBEDDING_THREADS ${searchConfig(h).EMBEDDING_THREADS}`})`,
  );
  console.log(`end to end: ${round(docs / (serversSeconds + toolsSeconds + searchSeconds), 1)} documents/s`);
}

/**
 * The lexical index built from the stored documents in this process: time, and memory as the
 * growth of RSS and of the JavaScript heap plus typed arrays (after a forced collection when
 * node runs with --expose-gc).
 */
async function lexicalFootprint(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const memory = () => {
    gc?.();
    const m = process.memoryUsage();
    return { rss: m.rss, held: m.heapUsed + m.arrayBuffers };
  };
  const before = memory();
  const started = Date.now();
  const sync = new LexicalSync(new SearchRepository(h.db));
  const read = await sync.loadAll();
  const seconds = (Date.now() - started) / 1000;
  const after = memory();
  const mb = (n: number) => round(n / 2 ** 20, 1);
  const stats = sync.index.stats();
  console.log(
    `lexical index: ${read} documents read and indexed in ${round(seconds, 1)} s; ${stats.terms} terms, ${stats.postings} postings; memory +${mb(after.held - before.held)} MB heap and arrays, +${mb(after.rss - before.rss)} MB RSS${gc ? "" : " (no --expose-gc: uncollected garbage included)"}`,
  );
}

/**
 * Starts the search service and the gateway as their own processes and measures /v1/search
 * twice: with the search service's candidate cache (the default) and with every search
 * retrieving afresh (SEARCH_CACHED_QUERIES=0, a new search process on the same port).
 */
async function serve(): Promise<void> {
  const env = { ...process.env, ...h.env, LOG_LEVEL: "warn" };
  const config = searchConfig(h);
  // BENCH_CPU_PROF=<dir>: the search service and the gateway write CPU profiles there when they stop.
  const profile = process.env.BENCH_CPU_PROF;
  const start = (service: string, extra: Record<string, string>): ChildProcess => {
    const flags = profile ? ["--cpu-prof", `--cpu-prof-dir=${path.join(profile, service)}`] : [];
    const child = spawn(process.execPath, [...flags, path.join(root, `services/${service}/dist/main.js`)], {
      env: { ...env, ...extra },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(child);
    return child;
  };
  const searchPort = 18_500 + Math.floor(Math.random() * 1000);
  const gatewayPort = searchPort + 1000;
  const metricsPort = searchPort + 2000;
  // Searches the search service answered by keyword because their vector came late.
  const late = async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    return Number(/catalog_search_vectors_late_total\{[^}]*\} (\d+)/.exec(text)?.[1] ?? 0);
  };
  const counts = await h.db.pool.query("SELECT kind, count(*)::int AS n FROM search_documents GROUP BY kind");
  const graphs = counts.rows
    .filter((r: { n: number }) => r.n > config.VECTOR_EXACT_MAX)
    .map((r: { kind: string }) => `${r.kind}s hnsw`);
  // The first start builds the HNSW graphs and saves them here; the second reads them.
  // BENCH_GRAPH_DIR: keep them there for the next benchmark on the same database (search-soak).
  const graphDir = process.env.BENCH_GRAPH_DIR ?? (await mkdtemp(path.join(tmpdir(), "bench-graphs-")));
  const graphsSaved = (await readdir(graphDir).catch(() => [])).some((f) => f.endsWith(".hnsw"));
  const startSearch = async (cachedQueries: string) => {
    const started = Date.now();
    const child = start("search", {
      SEARCH_PORT: String(searchPort),
      SEARCH_METRICS_PORT: String(metricsPort),
      VECTOR_EXACT_MAX: String(config.VECTOR_EXACT_MAX),
      SEARCH_CACHED_QUERIES: cachedQueries,
      SEARCH_GRAPH_DIR: graphDir,
    });
    // Warm means loaded and, above VECTOR_EXACT_MAX, with the HNSW graphs built.
    for (;;) {
      // 503 until the keyword index is loaded.
      const mode = await fetch(`http://127.0.0.1:${searchPort}/internal/mode`)
        .then((r) => (r.ok ? (r.json() as Promise<{ mode: string; vectors: string | null }>) : undefined))
        .catch(() => undefined);
      if (mode?.mode === "hybrid" && graphs.every((g: string) => mode.vectors?.includes(g))) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    return { child, seconds: (Date.now() - started) / 1000 };
  };

  let search = await startSearch(String(config.SEARCH_CACHED_QUERIES));
  console.log(
    `search service start (vectors from PostgreSQL, ${graphsSaved ? "saved graphs read" : "graphs built"}): ${round(search.seconds, 1)} s`,
  );
  // One client sends every request: the anonymous rate limit would answer 429 after 20.
  const gateway = start("gateway", {
    PORT: String(gatewayPort),
    SEARCH_URL: `http://127.0.0.1:${searchPort}`,
    RATE_LIMIT_ENABLED: "false",
    // Every request reaches the search service: the gateway's kept answers are measured apart.
    READ_CACHE_MAX_BYTES: "0",
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

  const paths = queries.map((q) => `/v1/search?q=${encodeURIComponent(q)}&limit=10`);
  // Never seen: each request's text is new (a labelled query and a number), so its vector and
  // its candidates are derived afresh.
  let fresh = 0;
  const novel = () =>
    `/v1/search?q=${encodeURIComponent(`${queries[fresh % queries.length]} ${fresh++}`)}&limit=10`;
  let unseen = false;
  const run = async (connections: number, duration: number, url = `http://127.0.0.1:${gatewayPort}`) => {
    let n = 0;
    const result = await autocannon({
      url,
      connections,
      duration,
      requests: [
        { setupRequest: (req) => ({ ...req, path: unseen ? novel() : paths[n++ % paths.length]! }) },
      ],
    });
    if (result.errors + result.non2xx > 0)
      throw new Error("failed requests: the figures would measure errors");
    return {
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: result.requests.average,
      total: result.requests.total,
    };
  };
  const measure = async (label: string) => {
    await run(4, 5); // warm: query vectors cached, PostgreSQL pages in memory
    const c1 = await run(1, seconds);
    const cpu = () =>
      cpuSeconds({ search: search.child.pid, gateway: gateway.pid, "load generator": process.pid });
    const before = cpu();
    const lateBefore = await late();
    const c16 = await run(16, seconds);
    const after = cpu();
    const lateShare = round((await late()) - lateBefore, 0);
    const split = Object.keys(after)
      .map((name) => `${name} ${round(((after[name]! - before[name]!) * 1000) / c16.total, 1)}`)
      .join(", ");
    const row = (c: number, r: typeof c1) => `| ${label} | ${c} | ${r.p50} | ${r.p99} | ${round(r.rps, 1)} |`;
    return {
      rows: [row(1, c1), row(16, c16)],
      split: `${label}: CPU ms per request at concurrency 16: ${split}; answered by keyword because the vector came late: ${lateShare} of ${c16.total}`,
    };
  };

  const cached = await measure(`candidates cached (SEARCH_CACHED_QUERIES=${config.SEARCH_CACHED_QUERIES})`);
  search.child.kill("SIGTERM");
  await new Promise((r) => search.child.once("exit", r));
  search = await startSearch("0");
  console.log(
    `search service restart (vectors from PostgreSQL, saved graphs read): ${round(search.seconds, 1)} s`,
  );
  const retrieving = await measure("every search retrieves (SEARCH_CACHED_QUERIES=0)");
  unseen = true;
  const novelRows = await measure("never-seen queries (SEARCH_CACHED_QUERIES=0, each embedded)");
  // The ceiling in the same run: a bare node:http server answering a search's body, same load.
  const ceiling = await startCeiling(
    await (await fetch(`http://127.0.0.1:${gatewayPort}${paths[0]}`)).text(),
  );
  const bare = await run(16, seconds, `http://127.0.0.1:${ceiling.port}`);
  ceiling.child.kill("SIGTERM");
  console.log("| search service | concurrency | p50 ms | p99 ms | requests/s |");
  console.log("|---|---|---|---|---|");
  for (const line of [...cached.rows, ...retrieving.rows, ...novelRows.rows]) console.log(line);
  console.log(
    `| bare node:http server, a search's body | 16 | ${bare.p50} | ${bare.p99} | ${round(bare.rps, 1)} |`,
  );
  console.log(cached.split);
  console.log(retrieving.split);
  console.log(novelRows.split);
}
