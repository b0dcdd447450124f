/**
 * The exact vector scan, native (hnswlib's brute-force index, what the search service uses)
 * against the same scan in JavaScript, in one process on the same vectors and queries: unit
 * vectors of 512 dimensions (USE-lite's), as many as the snapshot's tools (4,489) and as the
 * most a kind is scanned exactly by default (VECTOR_EXACT_MAX 10,000); top 120 (a tool list's
 * candidates), unfiltered and with half the servers allowed.
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
