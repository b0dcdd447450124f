/**
 * The search soak at full size: a saved catalog (BENCH_FROM, e.g. the 25,000 servers that
 * `BENCH_SAVE_AS=bench_full ... search-speed.ts 25000 300000` saves), the search service and the
 * gateway as their own processes (SEARCH_CACHED_QUERIES=0, the gateway keeping answers), and
 * mixed traffic at concurrency 16: 70% searches (a third never seen before, each embedded; the
 * rest repeated labelled queries), 30% kept reads (server descriptors). Every 10 s one server's
 * description changes and its index job runs, so the search index changes and every gateway
 * forgets the answers it kept. Traffic runs in blocks of 5 minutes (autocannon per block), so
 * each block has its own p99; RSS of both services is read every 30 s.
 *
 * Passes when p99 of the last block is within 20% of the first's, each service's RSS grows by
 * less than 10% after the first block, and no request failed.
 *
 * Usage: BENCH_FROM=bench_full pnpm --filter @catalog/bench run search:soak -- [minutes]  (15)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { createHarness } from "@catalog/testing";
import { labelledSets } from "../tests/support/search-sets.js";
import { benchInfrastructure, round } from "./support.js";

const [minutes = 15] = process.argv
  .slice(2)
  .filter((a) => a !== "--")
  .map(Number);
const BLOCK_S = Math.min(300, minutes * 20);
const CHANGE_EVERY_MS = 10_000;
const from = process.env.BENCH_FROM;
if (!from) throw new Error("BENCH_FROM=<saved catalog database> is required");
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

await benchInfrastructure();
const h = await createHarness({ template: from });
const children: Record<string, ChildProcess> = {};
try {
  const searchPort = 18_500 + Math.floor(Math.random() * 1000);
  const gatewayPort = searchPort + 1000;
  const env = { ...process.env, ...h.env, LOG_LEVEL: "warn" };
  const start = (service: string, extra: Record<string, string>) => {
    children[service] = spawn(process.execPath, [path.join(root, `services/${service}/dist/main.js`)], {
      env: { ...env, ...extra },
      stdio: ["ignore", "ignore", "inherit"],
    });
  };
  const metricsPort = searchPort + 2000;
  start("search", {
    SEARCH_PORT: String(searchPort),
    SEARCH_METRICS_PORT: String(metricsPort),
    SEARCH_CACHED_QUERIES: "0",
    // The HNSW graphs search-speed saved for this database (BENCH_GRAPH_DIR), else built at start.
    ...(process.env.BENCH_GRAPH_DIR ? { SEARCH_GRAPH_DIR: process.env.BENCH_GRAPH_DIR } : {}),
  });
  // Searches answered by keyword because their vector came late (the model busy).
  const late = async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    return Number(/catalog_search_vectors_late_total\{[^}]*\} (\d+)/.exec(text)?.[1] ?? 0);
  };
  await until(async () => {
    const mode = await fetch(`http://127.0.0.1:${searchPort}/internal/mode`)
      .then((r) => (r.ok ? (r.json() as Promise<{ mode: string }>) : undefined))
      .catch(() => undefined);
    return mode?.mode === "hybrid";
  });
  start("gateway", {
    PORT: String(gatewayPort),
    SEARCH_URL: `http://127.0.0.1:${searchPort}`,
    RATE_LIMIT_ENABLED: "false",
  });
  await until(() =>
    fetch(`http://127.0.0.1:${gatewayPort}/healthz`)
      .then((r) => r.ok)
      .catch(() => false),
  );

  const sets = labelledSets();
  const queries = [...sets.names, ...sets.intents, ...sets.tasks].map((i) => i.q);
  const { rows } = await h.db.pool.query<{ name: string }>(
    "SELECT name FROM servers WHERE status = 'active' ORDER BY name",
  );
  const names = rows.map((r) => r.name);
  let n = 0;
  let fresh = 0;
  const next = (): string => {
    const i = n++;
    const slot = i % 10;
    if (slot < 3) return `/v1/servers/${names[(i * 7919) % names.length]}`;
    const q = queries[(i * 31) % queries.length]!;
    // Slots 3, 6 and 9 of every ten: a search never seen before.
    return `/v1/search?q=${encodeURIComponent(slot % 3 === 0 ? `${q} ${fresh++}` : q)}&limit=10`;
  };

  // An index change every 10 s: one server's description, then its index job.
  let changes = 0;
  const change = setInterval(() => {
    const name = names[(changes * 104_729) % names.length]!;
    changes++;
    h.db.pool
      .query("UPDATE servers SET description = description || ' (revised)' WHERE name = $1", [name])
      .then(() => h.bus.add("search", "index-server", { serverName: name }))
      .catch((err: Error) => process.stderr.write(`change failed: ${err.message}\n`));
  }, CHANGE_EVERY_MS);

  const rss: Record<string, number>[] = [];
  const sampleRss = () =>
    rss.push(Object.fromEntries(Object.entries(children).map(([s, c]) => [s, rssOf(c.pid!)])));
  const sampler = setInterval(sampleRss, 30_000);

  type Block = {
    p50: number;
    p99: number;
    rps: number;
    errors: number;
    late: number;
    rssEnd: Record<string, number>;
  };
  const blocks: Block[] = [];
  for (let elapsed = 0; elapsed < minutes * 60; elapsed += BLOCK_S) {
    const lateBefore = await late();
    const result = await autocannon({
      url: `http://127.0.0.1:${gatewayPort}`,
      connections: 16,
      duration: BLOCK_S,
      requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
    });
    sampleRss();
    blocks.push({
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: result.requests.average,
      errors: result.errors + result.non2xx + result.timeouts,
      late: (await late()) - lateBefore,
      rssEnd: rss.at(-1)!,
    });
    const b = blocks.at(-1)!;
    process.stderr.write(
      `block ${blocks.length}: p50 ${b.p50} ms, p99 ${b.p99} ms, ${round(b.rps, 1)} requests/s, ${b.errors} errors, ${b.late} searches by keyword (vector late), RSS ${JSON.stringify(b.rssEnd)} MB\n`,
    );
  }
  clearInterval(change);
  clearInterval(sampler);

  console.log(`search soak: ${minutes} min at concurrency 16 on ${from}, ${changes} index changes`);
  console.log(
    "| block | p50 ms | p99 ms | requests/s | errors | by keyword, vector late | search RSS MB | gateway RSS MB |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  blocks.forEach((b, i) =>
    console.log(
      `| ${i + 1} | ${b.p50} | ${b.p99} | ${round(b.rps, 1)} | ${b.errors} | ${b.late} | ${b.rssEnd.search} | ${b.rssEnd.gateway} |`,
    ),
  );
  const first = blocks[0]!;
  const last = blocks.at(-1)!;
  const growth = (s: string) => round((last.rssEnd[s]! - first.rssEnd[s]!) / first.rssEnd[s]!, 3);
  const errors = blocks.reduce((sum, b) => sum + b.errors, 0);
  const p99Ratio = round(last.p99 / first.p99, 2);
  console.log(
    `p99 last/first block ${p99Ratio} (target <= 1.2); RSS growth after the first block: search ${growth("search")}, gateway ${growth("gateway")} (target < 0.1); errors ${errors} (target 0)`,
  );
} finally {
  for (const child of Object.values(children)) child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1000));
  await h.close();
}

/** Resident set of a process in MB, from /proc (Linux). */
function rssOf(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function until(ready: () => Promise<boolean>): Promise<void> {
  while (!(await ready())) await new Promise((r) => setTimeout(r, 500));
}
