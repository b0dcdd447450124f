/**
 * Introspection over the snapshot's npm stdio packages that the npm registry this machine
 * reaches serves: each listing's package at its listed version where the registry has it, else
 * the newest (said per row), installed with scripts off and started in the sandbox
 * (services/prober/src/introspection). Prints a row per package, then the shares, the median
 * and p95 of install plus listing time, and the cache's size.
 *
 * Usage: pnpm --filter @catalog/bench run introspection [packages] [concurrency]
 * (BENCH_CACHE=<dir> keeps installs between runs; by default a fresh temporary directory.
 * BENCH_TOOLS_OUT=<file> writes each listing's introspected tools as JSON lines, which the search
 * and tool-risk benchmarks read with BENCH_INTROSPECTED=<file>; it stays outside the repo.)
 */
import { execFile } from "node:child_process";
import { appendFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Package } from "@catalog/registry";
import { latestServers } from "@catalog/testing";
import { introspectPackage } from "../services/prober/src/introspection/introspect.js";
import { cacheBytes } from "../services/prober/src/introspection/package-cache.js";

const run = promisify(execFile);
const limit = Number(process.argv[2] ?? Infinity);
const concurrency = Number(process.argv[3] ?? 3);
const cacheDir = process.env.BENCH_CACHE ?? mkdtempSync(join(tmpdir(), "introspection-bench-"));
const toolsOut = process.env.BENCH_TOOLS_OUT;

/** The snapshot's servers without a remote whose package is npm over stdio, one per identifier. */
function candidates(): { server: string; pkg: Package }[] {
  const seen = new Set<string>();
  return latestServers().flatMap((server) => {
    if ((server.remotes ?? []).length > 0) return [];
    const pkg = (server.packages ?? []).find(
      (p) => p.registryType === "npm" && (p.transport?.type ?? "stdio") === "stdio",
    );
    if (!pkg || seen.has(pkg.identifier)) return [];
    seen.add(pkg.identifier);
    return [{ server: server.name, pkg }];
  });
}

/** The registry's versions of a package, or null when it does not serve the package. */
async function versionsOf(name: string): Promise<{ versions: string[]; newest: string } | null> {
  try {
    const { stdout } = await run("npm", ["view", name, "versions", "version", "--json"], { timeout: 60_000 });
    const view = JSON.parse(stdout) as { versions: string[] | string; version: string };
    return { versions: [view.versions].flat(), newest: view.version };
  } catch {
    return null;
  }
}

type Row = { server: string; identifier: string; version: string; as: "listed" | "newest" } & Partial<{
  outcome: string;
  reason: string;
  tools: number;
  ms: number;
}>;

async function measure({ server, pkg }: { server: string; pkg: Package }): Promise<Row | null> {
  const served = await versionsOf(pkg.identifier);
  if (!served) return null;
  const listed = pkg.version !== undefined && served.versions.includes(pkg.version);
  const version = listed ? pkg.version! : served.newest;
  const result = await introspectPackage(
    { ...pkg, version },
    // No fetch retries: a tarball the registry does not serve fails at once instead of after backoffs.
    { cache: { dir: cacheDir, maxBytes: 8 * 1024 ** 3, timeoutMs: 180_000, fetchRetries: 0 } },
  );
  if (toolsOut && result.outcome === "tools")
    appendFileSync(
      toolsOut,
      JSON.stringify({ server, identifier: pkg.identifier, version, tools: result.tools }) + "\n",
    );
  return {
    server,
    identifier: pkg.identifier,
    version,
    as: listed ? "listed" : "newest",
    outcome: result.outcome,
    reason: result.reason.slice(0, 160),
    tools: result.tools.length,
    ms: result.timings.totalMs,
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const queue = candidates();
const rows: Row[] = [];
let served = 0;
let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < queue.length && served < limit) {
      const row = await measure(queue[next++]!);
      if (!row || served >= limit) continue;
      served++;
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }),
);
// What the installs recorded (du would race an install being renamed into place or evicted).
const cached = await cacheBytes(cacheDir);
const times = rows.map((r) => r.ms ?? 0).sort((a, b) => a - b);
const share = (pred: (r: Row) => boolean) =>
  Number((rows.filter(pred).length / Math.max(1, rows.length)).toFixed(3));
console.log(
  JSON.stringify({
    candidates: queue.length,
    served: rows.length,
    at_listed_version: rows.filter((r) => r.as === "listed").length,
    with_tools: share((r) => r.outcome === "tools"),
    tools_or_precise_reason: share((r) => r.outcome !== "start_failed"),
    outcomes: Object.fromEntries(
      [...new Set(rows.map((r) => r.outcome))].map((o) => [o, rows.filter((r) => r.outcome === o).length]),
    ),
    median_ms: quantile(times, 0.5),
    p95_ms: quantile(times, 0.95),
    cache_bytes: cached,
  }),
);
