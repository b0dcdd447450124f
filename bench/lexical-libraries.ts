/**
 * Lexical libraries: our in-memory BM25F index (LexicalIndex, @catalog/lexical) against two
 * well-kept JavaScript libraries, MiniSearch 7.2.0 and wink-bm25-text-search 3.1.2, on the same
 * documents (one per server: name, title, description; one per tool: name, description,
 * parameter names and descriptions) analysed the same way (`terms()` of @catalog/lexical), at
 * two sizes: the real catalog (1,206 servers, 4,489 tools) and full size (20,000 servers,
 * 300,000 tools, bench/generate-catalog.ts).
 *
 * Per library and size: build time; memory held by the built index (growth of heap plus array
 * buffers after a forced collection) and RSS growth; query time (mean and p99 per query, every
 * query of the labelled sets in tests/fixtures/search run 3 times, OR semantics, top 60); and
 * whether one server's documents can be removed and added again once the index is built.
 * Libraries run one after another in this process, each from a fresh state, the previous one
 * released and collected first. A build that takes longer than 10 minutes or holds too much
 * memory is stopped and reported as such.
 *
 * Usage: pnpm --filter @catalog/bench exec tsx --expose-gc lexical-libraries.ts [real|full] [ours|minisearch|wink]
 *   (all sizes and libraries by default; one library alone gives an RSS figure no earlier library
 *   disturbs; give node room for the full size: NODE_OPTIONS=--max-old-space-size=16000)
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import MiniSearch from "minisearch";
import { LexicalIndex, terms, type LexicalDocument } from "../packages/lexical/src/index.js";
import { generateCatalog } from "./generate-catalog.js";
import { round } from "./support.js";

/** The part of wink-bm25-text-search's engine used here (the package ships no types). */
type WinkEngine = {
  defineConfig(config: { fldWeights: Record<string, number>; bm25Params?: Record<string, number> }): boolean;
  definePrepTasks(tasks: ((input: string) => string[])[], field?: string): number;
  addDoc(doc: object, id: string): number;
  consolidate(precision?: number): boolean;
  search(text: string, limit?: number): [string, number][];
};
const require = createRequire(import.meta.url);
const winkBm25 = require("wink-bm25-text-search") as () => WinkEngine;

const SIZES = {
  real: { servers: 1206, tools: 4489 },
  full: { servers: 20_000, tools: 300_000 },
} as const;
type SizeName = keyof typeof SIZES;

const BOOST = { name: 3, title: 2, description: 1, params: 0.4 };
const FIELD_NAMES = ["name", "title", "description", "params"] as const;
const TOP = 60;
const RUNS = 3;
/** A build or a query phase is stopped past this. */
const BUDGET_MS = 10 * 60_000;
/** A build is stopped when the process holds more than this, or the machine has less than `MIN_FREE` left. */
const MAX_RSS = 15 * 2 ** 30;
const MIN_FREE = 1.5 * 2 ** 30;

/** One document, in the form every library is given. */
type Doc = {
  id: string;
  tool: string | null;
  name: string;
  title: string;
  description: string;
  params: string;
};
/** A server's documents: its own first, then its tools'. */
type Group = { server: string; docs: Doc[] };

type Guard = { check(): void };
class Stopped extends Error {}

/** A built index, as the measurements use it. */
type Built = {
  /** Runs the query, returns how many results came back. */
  search(query: string): number;
  /** Removes the server's documents and adds them again; says how it went. */
  update(group: Group): string;
};
type Library = { key: string; name: string; build(groups: readonly Group[], guard: Guard): Built };

const libraries: Library[] = [
  {
    key: "ours",
    name: "LexicalIndex (ours)",
    build(groups, guard) {
      const index = new LexicalIndex();
      const asDocuments = (group: Group): LexicalDocument[] =>
        group.docs.map((d) =>
          d.tool === null
            ? {
                tool: null,
                hash: 1,
                fields: { name: d.name, title: d.title, description: d.description, params: "" },
              }
            : {
                tool: d.tool,
                hash: 1,
                fields: { name: "", title: d.name, description: d.description, params: d.params },
              },
        );
      for (const group of groups) {
        index.setServer(group.server, asDocuments(group));
        guard.check();
      }
      return {
        search: (query) => {
          const found = index.search(
            terms(query).map((term) => ({ term, weight: 1 })),
            { servers: TOP, tools: 2 * TOP, toolsPerServer: 5 },
          );
          return found.servers.length;
        },
        update: (group) => {
          const started = performance.now();
          index.removeServer(group.server);
          const removed = !index.has(group.server);
          index.setServer(group.server, asDocuments(group));
          const ms = performance.now() - started;
          const ok = removed && index.has(group.server) && findsServer(index, group);
          return `${ok ? "yes" : "FAILED"}: removeServer + setServer of ${group.docs.length} docs, ${round(ms, 1)} ms`;
        },
      };
    },
  },
  {
    key: "minisearch",
    name: "MiniSearch 7.2.0",
    build(groups, guard) {
      const search = new MiniSearch<Doc>({
        idField: "id",
        fields: [...FIELD_NAMES],
        storeFields: [],
        tokenize: (text) => terms(text),
        processTerm: (term) => term,
        searchOptions: { boost: BOOST, combineWith: "OR", prefix: false, fuzzy: false },
      });
      for (const group of groups) {
        search.addAll(group.docs);
        guard.check();
      }
      return {
        search: (query) => search.search(query).slice(0, TOP).length,
        update: (group) => {
          const started = performance.now();
          for (const doc of group.docs) search.discard(doc.id);
          const removed = group.docs.every((d) => !search.has(d.id));
          search.addAll(group.docs);
          const ms = performance.now() - started;
          const server = group.docs[0]!;
          const found = search.search(`${server.title} ${server.name}`).slice(0, TOP);
          const ok =
            removed && group.docs.every((d) => search.has(d.id)) && found.some((r) => r.id === server.id);
          return `${ok ? "yes" : "FAILED"}: discard + add of ${group.docs.length} docs, ${round(ms, 1)} ms`;
        },
      };
    },
  },
  {
    key: "wink",
    name: "wink-bm25-text-search 3.1.2",
    build(groups, guard) {
      const engine = winkBm25();
      engine.defineConfig({ fldWeights: BOOST });
      engine.definePrepTasks([terms]);
      for (const group of groups) {
        for (const doc of group.docs) engine.addDoc(doc, doc.id);
        guard.check();
      }
      engine.consolidate();
      guard.check();
      return {
        search: (query) => engine.search(query, TOP).length,
        update: (group) => {
          // No removal exists; adding is refused once the index is consolidated (searchable).
          try {
            const doc = group.docs[0]!;
            engine.addDoc(doc, `${doc.id}#again`);
            return "added after consolidate (unexpected)";
          } catch (error) {
            return `no: no removal; addDoc after consolidate() throws "${(error as Error).message}"`;
          }
        },
      };
    },
  },
];

function findsServer(index: LexicalIndex, group: Group): boolean {
  const server = group.docs[0]!;
  const query = terms(`${server.title} ${server.name}`).map((term) => ({ term, weight: 1 }));
  const found = index.search(query, { servers: TOP, tools: 2 * TOP, toolsPerServer: 5 });
  return found.servers.some((s) => s.server === group.server);
}

/** The catalog of a size as documents, one group per server. */
function documents(size: SizeName): Group[] {
  const { servers, tools } = SIZES[size];
  const catalog = generateCatalog(servers, tools);
  return catalog.registry.map(({ server }) => ({
    server: server.name,
    docs: [
      {
        id: server.name,
        tool: null,
        name: server.name,
        title: server.title ?? "",
        description: server.description ?? "",
        params: "",
      },
      ...(catalog.tools[server.name] ?? []).map((t, i) => ({
        id: `${server.name}#${i}`,
        tool: t.name,
        name: t.name,
        title: "",
        description: t.description ?? "",
        params: parameterText(t.inputSchema),
      })),
    ],
  }));
}

/** A tool's parameter names and their descriptions, joined. */
function parameterText(schema: unknown): string {
  const properties = (schema as { properties?: unknown } | null | undefined)?.properties;
  if (typeof properties !== "object" || properties === null) return "";
  return Object.entries(properties as Record<string, unknown>)
    .map(([name, p]) => {
      const description = (p as { description?: unknown } | null)?.description;
      return typeof description === "string" ? `${name}: ${description}` : name;
    })
    .join("; ");
}

function queries(): string[] {
  const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../tests/fixtures/search");
  const read = (file: string) => JSON.parse(readFileSync(path.join(fixtures, file), "utf8"));
  const names = read("names.json") as { queries: { q: string }[] };
  const intents = read("intents.json") as { queries: { q: string }[] };
  const tasks = read("tasks.json") as { tasks: { q: string }[] };
  return [...names.queries, ...intents.queries, ...tasks.tasks].map((i) => i.q);
}

const gc = (globalThis as { gc?: () => void }).gc;
function memory(): { held: number; rss: number } {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return { held: m.heapUsed + m.arrayBuffers, rss: m.rss };
}

function guardFrom(started: number): Guard {
  let calls = 0;
  return {
    check() {
      if (++calls % 64 !== 0) return;
      const ms = performance.now() - started;
      if (ms > BUDGET_MS) throw new Stopped(`stopped: build not done after ${round(ms / 60_000, 1)} min`);
      const rss = process.memoryUsage.rss();
      if (rss > MAX_RSS || os.freemem() < MIN_FREE) {
        throw new Stopped(
          `stopped: out of memory (RSS ${mb(rss)} MB, ${mb(os.freemem())} MB free on the machine)`,
        );
      }
    },
  };
}

const mb = (bytes: number) => round(bytes / 2 ** 20, 1);

type Row = {
  library: string;
  size: string;
  build: string;
  held: string;
  rss: string;
  mean: string;
  p99: string;
  update: string;
};

function measure(library: Library, size: string, groups: readonly Group[], qs: readonly string[]): Row {
  const row: Row = {
    library: library.name,
    size,
    build: "",
    held: "",
    rss: "",
    mean: "",
    p99: "",
    update: "",
  };
  const before = memory();
  const started = performance.now();
  let built: Built;
  try {
    built = library.build(groups, guardFrom(started));
  } catch (error) {
    if (!(error instanceof Stopped) && !(error instanceof RangeError)) throw error;
    row.build = error.message;
    return row;
  }
  row.build = String(round((performance.now() - started) / 1000, 2));
  const after = memory();
  row.held = String(mb(after.held - before.held));
  row.rss = String(mb(after.rss - before.rss));
  log(`  ${library.name}: built in ${row.build} s, +${row.held} MB held, +${row.rss} MB RSS`);

  const times: number[] = [];
  let hits = 0;
  const queryStart = performance.now();
  run: for (let r = 0; r < RUNS; r++) {
    for (const q of qs) {
      const t = performance.now();
      hits += built.search(q);
      times.push(performance.now() - t);
      if (performance.now() - queryStart > BUDGET_MS) break run;
    }
  }
  times.sort((a, b) => a - b);
  const partial = times.length < RUNS * qs.length ? ` (${times.length} of ${RUNS * qs.length} runs)` : "";
  row.mean = String(round(times.reduce((s, t) => s + t, 0) / times.length, 3)) + partial;
  row.p99 = String(round(times[Math.ceil(0.99 * times.length) - 1]!, 3));
  log(`  ${library.name}: ${round(hits / times.length, 1)} results per query on average (ours: servers)`);

  const target = groups
    .slice(0, SIZES.real.servers)
    .reduce((a, b) => (b.docs.length > a.docs.length ? b : a));
  row.update = built.update(target);
  return row; // the index is released here: nothing else holds it
}

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

const args = process.argv.slice(2);
const asked = args.filter((a): a is SizeName => a in SIZES);
const sizes: SizeName[] = asked.length > 0 ? asked : ["real", "full"];
const chosen = libraries.filter((l) => args.includes(l.key));
const measured = chosen.length > 0 ? chosen : libraries;
if (!gc) log("warning: no --expose-gc; memory figures include uncollected garbage");
log(`heap limit ${mb(v8.getHeapStatistics().heap_size_limit)} MB`);
const qs = queries();
const rows: Row[] = [];
for (const size of sizes) rows.push(...measureSize(size));

/** Every library at one size; the documents are released when it returns. */
function measureSize(size: SizeName): Row[] {
  const groups = documents(size);
  const docCount = groups.reduce((n, g) => n + g.docs.length, 0);
  const label = `${size} (${groups.length} servers, ${docCount - groups.length} tools)`;
  log(`${label}: ${qs.length} queries × ${RUNS}`);
  return measured.map((library) => measure(library, label, groups, qs));
}

console.log(
  "| library | size | build s | memory MB (heap+arrays) | RSS MB | query mean ms | query p99 ms | incremental update |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.library} | ${r.size} | ${r.build} | ${r.held} | ${r.rss} | ${r.mean} | ${r.p99} | ${r.update} |`,
  );
}
