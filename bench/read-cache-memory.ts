/**
 * Memory of the gateway's read cache on a catalog of 20,000 servers (bench/generate-catalog.ts):
 * two gateway processes over the same catalog, one with the read cache (READ_CACHE_MAX_BYTES,
 * 64 MiB by default) and one without (0), each swept once over every server's descriptor,
 * connection and /v0.1 latest version (60,000 reads), their RSS read before and after the sweep
 * and a second sweep timed (kept answers against database reads). The cached gateway's
 * catalog_read_cache_bytes and _entries come from its /metrics.
 * Usage: tsx bench/read-cache-memory.ts [servers] [tools]
 * BENCH_SAVE_AS=<db> keeps a copy of the loaded catalog; BENCH_FROM=<db> measures that copy
 * without loading (minutes instead of ten).
 */
import { readFileSync } from "node:fs";
import { ensureDatabase } from "@catalog/db";
import { waitForIdle, createHarness, unusedPort, withDatabase } from "@catalog/testing";
import { startCatalogWorker } from "../services/catalog/src/catalog.js";
import { generateCatalog } from "./generate-catalog.js";
import { machine, startService, stopService, waitForHttp } from "./lib.mjs";
import { benchInfrastructure, queueServers, queueToolLists, round } from "./support.js";

const [servers = 20_000, tools = 100_000] = process.argv
  .slice(2)
  .filter((a) => a !== "--")
  .map(Number);

const saveAs = process.env.BENCH_SAVE_AS;
const from = process.env.BENCH_FROM;

await benchInfrastructure();
const h = await createHarness(from ? { template: from } : {});
try {
  const names = from ? await loadedNames() : await load();
  const paths = names.flatMap((name) => [
    `/v1/servers/${name}`,
    `/v1/servers/${name}/connection`,
    `/v0.1/servers/${encodeURIComponent(name)}/versions/latest`,
  ]);
  const cached = await measure(paths, "67108864");
  const uncached = await measure(paths, "0");
  console.log(
    JSON.stringify({
      benchmark: "read-cache-memory",
      machine: machine(),
      servers: names.length,
      reads_per_sweep: paths.length,
      cached,
      uncached,
      rss_growth_ratio: round(cached.rss_growth_mb / Math.max(1, uncached.rss_growth_mb), 2),
      second_sweep_speedup: round(uncached.second_sweep_s / cached.second_sweep_s, 2),
    }),
  );
  if (saveAs) {
    await h.db.close();
    await ensureDatabase(withDatabase(h.databaseUrl, saveAs), new URL(h.databaseUrl).pathname.slice(1));
  }
} finally {
  await h.close();
}

async function loadedNames(): Promise<string[]> {
  const { rows } = await h.db.pool.query<{ name: string }>("SELECT name FROM servers ORDER BY name");
  return rows.map((r) => r.name);
}

/** The generated catalog through the catalog's jobs; returns the servers' names. */
async function load(): Promise<string[]> {
  const catalog = generateCatalog(servers, tools);
  const worker = startCatalogWorker({
    db: h.db,
    bus: h.bus,
    log: h.log,
    config: { CATALOG_CONCURRENCY: 8, WORKER_LOCK_MS: 60_000, PROBE_INTERVAL_MS: 86_400_000 },
  });
  const started = Date.now();
  await queueServers(h.bus, catalog);
  await waitForIdle(h.bus, ["catalog"], 3_600_000);
  await queueToolLists(h.bus, catalog);
  await waitForIdle(h.bus, ["catalog"], 3_600_000);
  await worker.close();
  process.stderr.write(`loaded ${catalog.registry.length} servers in ${(Date.now() - started) / 1000} s\n`);
  return catalog.registry.map((e) => e.server.name);
}

/** One gateway with this cache budget: RSS before and after the first sweep, the second sweep's time. */
async function measure(paths: string[], cacheBytes: string) {
  const [port, metricsPort] = [await unusedPort(), await unusedPort()];
  const gateway = startService("gateway", h, {
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    NODE_ENV: "production",
    RATE_LIMIT_ENABLED: "false",
    READ_CACHE_MAX_BYTES: cacheBytes,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/healthz`);
    await sweep(base, paths.slice(0, 300)); // code paths warm, pools open
    const before = rssMb(gateway.pid!);
    let started = Date.now();
    await sweep(base, paths);
    const first = (Date.now() - started) / 1000;
    const after = rssMb(gateway.pid!);
    started = Date.now();
    await sweep(base, paths);
    const second = (Date.now() - started) / 1000;
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const gauge = (name: string) =>
      Number(new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, "m").exec(text)?.[1] ?? 0);
    return {
      read_cache_max_mb: round(Number(cacheBytes) / 2 ** 20, 1),
      rss_before_mb: before,
      rss_after_mb: after,
      rss_growth_mb: round(after - before, 1),
      cache_mb: round(gauge("catalog_read_cache_bytes") / 2 ** 20, 1),
      cache_entries: gauge("catalog_read_cache_entries"),
      first_sweep_s: round(first, 1),
      second_sweep_s: round(second, 1),
    };
  } finally {
    await stopService(gateway);
  }
}

/** Every path once, 16 at a time; a 409 is a server without a usable connection (not kept). */
async function sweep(base: string, paths: string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const res = await fetch(base + paths[next++]!);
      await res.arrayBuffer();
      if (res.status !== 200 && res.status !== 409) throw new Error(`${res.status} for ${res.url}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return round(kb / 1024, 1);
}
