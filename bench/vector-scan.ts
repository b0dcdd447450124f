/**
 * The exact vector scan, native (hnswlib's brute-force index, what the search service uses)
 * against the same scan in JavaScript, in one process on the same vectors and queries: unit
 * vectors of 512 dimensions (USE-lite's), as many as the snapshot's tools (4,489) and as the
 * most a kind is scanned exactly by default (VECTOR_EXACT_MAX 10,000); top 120 (a tool list's
 * candidates), unfiltered and with half the servers allowed. Then the filtered path of an index
 * with a graph: a few servers' vectors scored by id against a scan that checks every row.
 *
 * Usage: pnpm --filter @catalog/bench run vector-scan
 */
import { ExactStore } from "../services/search/src/vectors/exact-store.js";

const DIMENSIONS = 512;
const QUERIES = 200;
const K = 120;

let seed = 20261123;
function random(): number {
  seed = (Math.imul(seed, 1103515245) + 12345) | 0;
  return ((seed >>> 8) & 0xffffff) / 0x1000000 - 0.5;
}
function unit(): Float32Array {
  const v = Float32Array.from({ length: DIMENSIONS }, random);
  const norm = Math.hypot(...v);
  return v.map((c) => c / norm);
}

/** Mean milliseconds per search over the queries, best of three rounds. */
function time(store: ExactStore, queries: Float32Array[], allow?: ReadonlySet<string>): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (const q of queries) store.search(q, K, allow);
    best = Math.min(best, (performance.now() - started) / queries.length);
  }
  return best;
}

console.log("| vectors | filter | JavaScript ms | native ms | ratio |");
console.log("|---|---|---|---|---|");
for (const size of [4_489, 10_000]) {
  const points = Array.from({ length: size }, (_, i) => ({
    id: `t:${i}`,
    serverName: `server-${i % 1000}`,
    kind: "tool" as const,
    toolName: `tool-${i}`,
    vector: unit(),
  }));
  const queries = Array.from({ length: QUERIES }, unit);
  const js = new ExactStore(DIMENSIONS, false);
  const native = new ExactStore(DIMENSIONS, true);
  for (const p of points) {
    js.upsert(p);
    native.upsert(p);
  }
  const half = new Set(Array.from({ length: 500 }, (_, i) => `server-${i * 2}`));
  for (const [label, allow] of [
    ["none", undefined],
    ["half the servers", half],
  ] as const) {
    const a = time(js, queries, allow);
    const b = time(native, queries, allow);
    console.log(
      `| ${size.toLocaleString("en")} | ${label} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${(a / b).toFixed(1)} |`,
    );
  }
}

// The filtered path of an in-process index with a graph (MemoryVectorIndex): when a filter allows
// at most VECTOR_EXACT_MAX vectors, their servers' ids are scored directly (ExactStore.searchIds)
// rather than every row checked against the filter.
console.log("\n| vectors | allowed | filtered scan ms | by id ms | ratio |");
console.log("|---|---|---|---|---|");
for (const size of [10_000, 100_000]) {
  const store = new ExactStore(DIMENSIONS, false);
  const byServer = new Map<string, string[]>();
  for (let i = 0; i < size; i++) {
    const serverName = `server-${i % 10_000}`;
    store.upsert({ id: `t:${i}`, serverName, kind: "tool", toolName: `tool-${i}`, vector: unit() });
    byServer.set(serverName, [...(byServer.get(serverName) ?? []), `t:${i}`]);
  }
  const allow = new Set(Array.from({ length: 200 }, (_, i) => `server-${i * 37}`));
  const ids = [...allow].flatMap((s) => byServer.get(s) ?? []);
  const queries = Array.from({ length: 50 }, unit);
  const scan = time(store, queries, allow);
  let byId = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (const q of queries) store.searchIds(q, K, ids);
    byId = Math.min(byId, (performance.now() - started) / queries.length);
  }
  console.log(
    `| ${size.toLocaleString("en")} | ${ids.length.toLocaleString("en")} | ${scan.toFixed(2)} | ${byId.toFixed(2)} | ${(scan / byId).toFixed(1)} |`,
  );
}
