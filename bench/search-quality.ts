/**
 * Search quality over the three labelled sets (tests/fixtures/search: product names, single
 * intents, multi-step tasks) on the real catalog, for the engine as configured and with each
 * lever off (ablations). BENCH_SWEEP=1 adds the calibration sweep of docs/search.md.
 *
 * Usage: pnpm --filter @catalog/bench run search:quality
 *   BENCH_SAVE_AS=<db> keeps the loaded catalog; BENCH_FROM=<db> measures it again in a minute;
 *   BENCH_ONLY=<words> measures only the variants whose name holds them (and the engine as configured).
 *   BENCH_MISSES=1 lists, for the engine as configured, the single intents whose first five
 *   results miss a relevant server (what to look at before changing the ranking).
 *   BENCH_MATCH=1 tallies how often a result of each match level is relevant.
 *   BENCH_INTROSPECTED=<file> measures, then adds the introspected tool lists (bench/support.ts)
 *   to the catalog and measures again in the same process (and once more with the tool labels
 *   widened to the added servers' tools); and checks, before and after adding them, whether a
 *   query made from one of each such server's tool descriptions finds it in the first ten.
 *   BENCH_ONLY=trained measures encoders trained here (bench/trained-encoder.ts): alone, in
 *   USE-lite's place, and as lists of their own beside it (docs/search.md, "A model trained here").
 */
import { ensureDatabase } from "@catalog/db";
import {
  createHarness,
  latestServers,
  sharedImportData,
  sharedToolServers,
  withDatabase,
} from "@catalog/testing";
import {
  Associations,
  catalogPairs,
  DEFAULT_ENCODER,
  DEFAULT_MINING,
  isStopWord,
  mineAssociations,
  stem,
  words,
} from "@catalog/lexical";
import { DEFAULT_FUSION, type FusionOptions } from "@catalog/search-core";
import { SearchEngine, type EngineOptions } from "../services/search/src/query/search.engine.js";
import { engineOptions } from "../services/search/src/search.js";
import { loadSearchCatalog, searchConfig, startSearchFor } from "../tests/support/search-catalog.js";
import {
  labelledSets,
  measureIntents,
  measureNames,
  measureSteps,
  measureTasks,
  type Figures,
  type LabelledQuery,
  type LabelledSets,
} from "../tests/support/search-sets.js";
import {
  benchInfrastructure,
  introspectedLists,
  recordIntrospected,
  round,
  type IntrospectedList,
} from "./support.js";
import {
  documentTexts,
  msPerText,
  trainedSemantic,
  type TrainedSemantic,
  type TrainedSpec,
} from "./trained-encoder.js";

/**
 * Another encoder than the shipped one (bench/trained-encoder.ts), alone (semantic, USE-lite's
 * lists off) or beside USE-lite in the shipped encoder's place.
 */
type Trained = { encoder: string; alone: boolean };
type Variant = {
  retrievers?: "keyword" | "semantic" | "hybrid";
  options?: Partial<EngineOptions>;
  trained?: Trained;
};

const weights = (w: Partial<FusionOptions["weights"]>): Partial<EngineOptions> => ({
  fusion: { ...DEFAULT_FUSION, weights: { ...DEFAULT_FUSION.weights, ...w } },
});
const NO_USE_LITE = { server_semantic: 0, tool_semantic: 0 };
const NO_TRAINED = { server_trained: 0, tool_trained: 0 };

/** Encoders trained otherwise than the shipped one (DEFAULT_ENCODER, 8-bit, title and description). */
const ENCODERS: Record<string, TrainedSpec> = {
  "float32, USE-lite's text": { options: DEFAULT_ENCODER, quantized: false, text: "embedded" },
  "seed 1": { options: { ...DEFAULT_ENCODER, seed: 1 } },
  "seed 2": { options: { ...DEFAULT_ENCODER, seed: 2 } },
  "10 epochs": { options: { ...DEFAULT_ENCODER, epochs: 10 } },
  "20 epochs": { options: { ...DEFAULT_ENCODER, epochs: 20 } },
  "word pairs too": { options: { ...DEFAULT_ENCODER, bigrams: true } },
  "character trigrams too (0.3)": { options: { ...DEFAULT_ENCODER, trigramWeight: 0.3 } },
  "128 dimensions": { options: { ...DEFAULT_ENCODER, dimensions: 128 } },
};

/** BENCH_ONLY=trained: the shipped encoder's weight, then the other encoders. */
function trainedVariants(): Record<string, Variant> {
  const out: Record<string, Variant> = {};
  for (const w of [0.15, 0.5])
    out[`trained encoder weight ${w}`] = { options: weights({ server_trained: w, tool_trained: w }) };
  for (const encoder of Object.keys(ENCODERS)) {
    out[`trained, ${encoder}: alone`] = { retrievers: "semantic", trained: { encoder, alone: true } };
    out[`trained, ${encoder}: beside USE-lite`] = { trained: { encoder, alone: false } };
  }
  return out;
}

const ABLATIONS: Record<string, Variant> = {
  "hybrid (as configured)": {},
  "keyword only (BM25F + names)": { retrievers: "keyword" },
  "semantic only": { retrievers: "semantic" },
  "semantic only, USE-lite (no trained encoder)": { retrievers: "semantic", options: weights(NO_TRAINED) },
  "semantic only, trained encoder (no USE-lite)": { retrievers: "semantic", options: weights(NO_USE_LITE) },
  "no trained encoder": { options: weights(NO_TRAINED) },
  "no USE-lite (trained encoder in its place)": { options: weights(NO_USE_LITE) },
  "no name tier": { options: { nameTierWords: 0 } },
  "no name retriever": { options: weights({ server_name: 0 }) },
  "no intent split": { options: { intents: false } },
  "no implied needs": { options: { implied: false } },
  "no associations (steps)": { options: { associations: undefined } },
  "no tools within a server": { options: { serverTools: false } },
  "named products ask the model too": { options: { skipModelWhenNamed: false } },
  "no breadth discount": { options: { breadth: { base: 10, power: 0 } } },
  "plain reciprocal rank (no evidence)": { options: { fusion: { ...DEFAULT_FUSION, evidencePower: 0 } } },
  "equal weights": {
    options: weights({
      server_keyword: 1,
      tool_keyword: 1,
      server_name: 1,
      server_semantic: 1,
      tool_semantic: 1,
    }),
  },
};

/** Calibration: the fusion grid, then one setting moved at a time from the configured engine. */
function sweep(): Record<string, Variant> {
  const out: Record<string, Variant> = {};
  const fusion = (
    f: Partial<FusionOptions>,
    w: Partial<FusionOptions["weights"]> = {},
  ): Partial<EngineOptions> => ({
    fusion: { ...DEFAULT_FUSION, ...f, weights: { ...DEFAULT_FUSION.weights, ...w } },
  });
  for (const p of [0, 0.5, 1])
    for (const sw of [0.25, 0.5, 1])
      for (const nw of [1, 2])
        out[`evidence power ${p}, semantic weight ${sw}, name weight ${nw}`] = {
          options: fusion({ evidencePower: p }, { server_semantic: sw, tool_semantic: sw, server_name: nw }),
        };
  for (const w of [0.5, 1, 1.5]) out[`tool keyword weight ${w}`] = { options: weights({ tool_keyword: w }) };
  for (const [server, tool] of [
    [0.25, 0.5],
    [0.5, 0.25],
    [0.15, 0.25],
  ] as const)
    out[`meaning: servers ${server}, tools ${tool}`] = {
      options: weights({ server_semantic: server, tool_semantic: tool }),
    };
  for (const m of [0.15, 0.25, 0.3]) out[`similarity floor ${m}`] = { options: { minSimilarity: m } };
  for (const k of [10, 30, 60]) out[`RRF k ${k}`] = { options: fusion({ k }) };
  for (const s of [0.3, 0.5, 0.75]) out[`name tier strength ${s}`] = { options: { nameTierStrength: s } };
  for (const t of [0.3, 0.5, 0.8, 1.2]) out[`tool share ${t}`] = { options: { lexical: { toolShare: t } } };
  for (const p of [0, 0.5, 1]) out[`twin power ${p}`] = { options: { lexical: { twinPower: p } } };
  for (const x of [0.3, 0.5, 0.7]) out[`semantic scale ${x}`] = { options: { semanticScale: x } };
  // Associations: mining and expansion settings, and the same table applied to every intent.
  const servers = sharedToolServers();
  for (const minConfidence of [0, 0.15]) {
    const table = new Associations(
      mineAssociations(catalogPairs(servers), "bench", { ...DEFAULT_MINING, minConfidence }),
    );
    for (const [weight, perTerm, w] of [
      [1, 10, 0.25],
      [0.5, 10, 0.25],
      [1, 3, 0.25],
      [0.5, 10, 0.5],
    ] as const)
      out[`associations conf ${minConfidence} weight ${weight} per ${perTerm} list ${w}`] = {
        options: {
          associations: { table, expansion: { weight, perTerm } },
          ...weights({ server_associated: w, tool_associated: w }),
        },
      };
  }
  for (const [base, power] of [
    [5, 0.5],
    [10, 0.35],
    [10, 1],
    [15, 0.5],
    [20, 0.5],
    [40, 0.5],
  ] as const)
    out[`breadth base ${base} power ${power}`] = { options: { breadth: { base, power } } };
  return out;
}

/** Each single intent whose first five results miss a relevant server: what came instead. */
async function listMisses(engine: SearchEngine): Promise<void> {
  for (const item of sets.intents) {
    const answer = await engine.search({ q: item.q, limit: 5, filters: {}, retrievers: "hybrid" });
    const got = answer.results.map((r) => r.name);
    const found = got.filter((name) => item.servers.includes(name)).length;
    if (found >= Math.min(5, item.servers.length)) continue;
    console.log(`\n${item.q}  (${found}/${Math.min(5, item.servers.length)})`);
    for (const name of got) console.log(`  ${item.servers.includes(name) ? "+" : "-"} ${name}`);
    for (const name of item.servers.filter((s) => !got.includes(s))) console.log(`  ? ${name}`);
  }
}

/**
 * How often a result of each match level is relevant: the first five results of every single
 * intent and task step (sent as the agent's steps), by level.
 */
async function matchLevels(engine: SearchEngine): Promise<void> {
  const tally = new Map<string, { n: number; relevant: number }>();
  const count = (match: string, relevant: boolean) => {
    const t = tally.get(match) ?? { n: 0, relevant: 0 };
    t.n++;
    if (relevant) t.relevant++;
    tally.set(match, t);
  };
  for (const item of sets.intents) {
    const answer = await engine.search({ q: item.q, limit: 5, filters: {}, retrievers: "hybrid" });
    for (const r of answer.results) count(r.match, item.servers.includes(r.name));
  }
  for (const task of sets.tasks) {
    const answer = await engine.search({
      intents: task.steps.map((s) => s.intent),
      limit: 5,
      filters: {},
      retrievers: "hybrid",
    });
    answer.intents!.forEach((intent, i) => {
      for (const r of intent.results) count(r.match, task.steps[i]!.servers.includes(r.name));
    });
  }
  console.log("| match | results | relevant |\n|---|---|---|");
  for (const level of ["strong", "partial", "weak"]) {
    const t = tally.get(level) ?? { n: 0, relevant: 0 };
    console.log(`| ${level} | ${t.n} | ${round(t.relevant / Math.max(1, t.n))} |`);
  }
}

/**
 * A query for an introspected server made from its tools' descriptions: the first sentence of
 * the first tool whose sentence keeps three words once stop words and the words of the server's
 * name, title and package and of the tool's own name are dropped; those words, at most eight.
 */
function describedQuery(list: IntrospectedList, title: string): string | undefined {
  const named = new Set([list.server, list.identifier, title].flatMap((t) => words(t)).map(stem));
  for (const tool of list.tools) {
    const sentence = (tool.description ?? "").split(/(?<=[.!?])\s|\n/)[0] ?? "";
    const own = new Set(words(tool.name).map(stem));
    const kept = [
      ...new Set(
        words(sentence).filter(
          (w) => /^[a-z]{3,}$/.test(w) && !isStopWord(w) && !named.has(stem(w)) && !own.has(stem(w)),
        ),
      ),
    ];
    if (kept.length >= 3) return kept.slice(0, 8).join(" ");
  }
  return undefined;
}

/** Where each introspected server ranks (1 to 10, 0 for absent) for its described query. */
async function findIntrospected(
  engine: SearchEngine,
  queries: { server: string; q: string }[],
): Promise<number[]> {
  const ranks: number[] = [];
  for (const { server, q } of queries) {
    const answer = await engine.search({ q, limit: 10, filters: {}, retrievers: "hybrid" });
    ranks.push(answer.results.findIndex((r) => r.name === server) + 1);
  }
  return ranks;
}

/**
 * The sets with every tool of an added introspected server counted as relevant wherever that
 * server is, for the needs that have tool labels: the labels were written before those servers
 * had tools, so as written they cannot credit one. An upper bound, as the labels are a lower one.
 */
function widenedToolLabels(labelled: LabelledSets, added: IntrospectedList[]): LabelledSets {
  const toolsOf = new Map(added.map((l) => [l.server, l.tools.map((t) => `${l.server}#${t.name}`)]));
  const widen = <T extends { servers: string[]; tools: string[] }>(item: T): T =>
    item.tools.length === 0
      ? item
      : { ...item, tools: [...item.tools, ...item.servers.flatMap((s) => toolsOf.get(s) ?? [])] };
  return {
    names: labelled.names.map(widen),
    intents: labelled.intents.map(widen),
    tasks: labelled.tasks.map((t) => ({ ...t, steps: t.steps.map(widen) })),
    implied: labelled.implied.map((t) => ({ ...t, steps: t.steps.map(widen) })),
  };
}

/** The first five servers of each single intent, for the engine as configured. */
async function firstFives(engine: SearchEngine): Promise<string[][]> {
  const out: string[][] = [];
  for (const item of sets.intents) {
    const answer = await engine.search({ q: item.q, limit: 5, filters: {}, retrievers: "hybrid" });
    out.push(answer.results.map((r) => r.name));
  }
  return out;
}

/** The single intents whose first five gained or lost a relevant server: who came, who went. */
function changedIntents(before: string[][], after: string[][], added: ReadonlySet<string>): void {
  const mark = (item: LabelledQuery, name: string) =>
    `${item.servers.includes(name) ? "+" : "-"}${name}${added.has(name) ? " (introspected)" : ""}`;
  let gained = 0;
  let lost = 0;
  sets.intents.forEach((item, i) => {
    const relevant = (names: string[]) => names.filter((n) => item.servers.includes(n)).length;
    const delta = relevant(after[i]!) - relevant(before[i]!);
    if (delta === 0) return;
    if (delta > 0) gained++;
    else lost++;
    const came = after[i]!.filter((n) => !before[i]!.includes(n)).map((n) => mark(item, n));
    const went = before[i]!.filter((n) => !after[i]!.includes(n)).map((n) => mark(item, n));
    console.log(
      `  ${delta > 0 ? "+" : ""}${delta} ${item.q}\n    came: ${came.join(", ")}\n    went: ${went.join(", ")}`,
    );
  });
  console.log(
    `- single intents gaining a relevant server in their first five: ${gained}, losing one: ${lost}`,
  );
}

const findings = (ranks: number[]) =>
  `found in the first ten ${ranks.filter((r) => r > 0).length} of ${ranks.length}, first ${ranks.filter((r) => r === 1).length}, ` +
  `MRR@10 ${round(ranks.reduce((sum, r) => sum + (r > 0 ? 1 / r : 0), 0) / Math.max(1, ranks.length))}`;

const from = process.env.BENCH_FROM;
const saveAs = process.env.BENCH_SAVE_AS;
const sets = labelledSets();
await benchInfrastructure();
const h = await createHarness(from ? { template: from } : {});
const service = await startSearchFor(h, { SEARCH_CACHED_QUERIES: 0 });
try {
  await service.ready;
  if (!from) {
    const started = Date.now();
    await loadSearchCatalog(h);
    process.stderr.write(`catalog loaded and indexed in ${Math.round((Date.now() - started) / 1000)} s\n`);
  }
  const base = engineOptions(searchConfig(h, { SEARCH_CACHED_QUERIES: 0 }));
  const engineParts = () => {
    const { repo, facts, lexical, semantic } = service.parts;
    return [repo, facts, lexical, semantic] as const;
  };
  const only = process.env.BENCH_ONLY;
  const variants = Object.fromEntries(
    Object.entries({
      ...ABLATIONS,
      ...(process.env.BENCH_SWEEP === "1" ? sweep() : {}),
      ...(only?.includes("trained") ? trainedVariants() : {}),
    }).filter(([name]) => !only || name === "hybrid (as configured)" || name.includes(only)),
  );
  const queries = [
    ...new Set([
      ...[...sets.names, ...sets.intents].map((i) => i.q),
      ...[...sets.tasks, ...sets.implied].flatMap((t) => [t.q, ...t.steps.map((s) => s.intent)]),
    ]),
  ];
  const shipped = service.parts.lexical.trained;
  if (shipped && only?.includes("trained")) {
    const documents = await documentTexts(h.db);
    console.log(
      `shipped encoder: ${msPerText(shipped.encoder, queries).toFixed(4)} ms per query (${queries.length} labelled queries), ` +
        `${msPerText(shipped.encoder, documents).toFixed(4)} ms per document (${documents.length})`,
    );
  }
  const encoders = new Map<string, TrainedSemantic>();
  const trainedOf = async (name: string) => {
    let found = encoders.get(name);
    if (!found) {
      found = await trainedSemantic(h.db, ENCODERS[name]!);
      encoders.set(name, found);
      console.log(
        `encoder ${name}: trained in ${found.trainSeconds.toFixed(1)} s, ${found.features} features, ` +
          `${msPerText(found.trained.encoder, queries).toFixed(4)} ms per query`,
      );
    }
    return found;
  };
  /** The engine of a variant, with another trained encoder in the shipped one's place where it asks for one. */
  const engineOf = async (variant: Variant) => {
    const [repo, facts, lexical, semantic] = engineParts();
    const options = { ...base, ...variant.options };
    if (!variant.trained) return new SearchEngine(repo, facts, lexical, semantic, options);
    const { trained } = await trainedOf(variant.trained.encoder);
    const parts = { index: lexical.index, names: lexical.names, capabilities: lexical.capabilities, trained };
    return new SearchEngine(repo, facts, parts, semantic, {
      ...options,
      ...(variant.trained.alone ? weights(NO_USE_LITE) : {}),
    });
  };
  if (process.env.BENCH_MISSES === "1") await listMisses(new SearchEngine(...engineParts(), base));
  if (process.env.BENCH_MATCH === "1") await matchLevels(new SearchEngine(...engineParts(), base));
  /** A row of figures per variant, on the catalog as it is now. */
  const measure = async (labelled: LabelledSets, suffix = ""): Promise<string[]> => {
    const rows: string[] = [];
    for (const [name, variant] of Object.entries(variants)) {
      const engine = await engineOf(variant);
      const search = (q: string, intents?: string[]) =>
        engine.search({ q, intents, limit: 10, filters: {}, retrievers: variant.retrievers ?? "hybrid" });
      const [n, i, t, st, im] = [
        await measureNames(search, labelled.names),
        await measureIntents(search, labelled.intents),
        await measureTasks(search, labelled.tasks),
        await measureSteps(search, labelled.tasks),
        await measureTasks(search, labelled.implied),
      ] as Figures[];
      rows.push(
        `| ${name}${suffix} | ${[
          n!["P@1"],
          n!["server nDCG@10"],
          i!["server Recall@5"],
          i!["server nDCG@10"],
          i!["tool Recall@5"],
          i!["tool nDCG@10"],
          t!["server Recall@5"],
          t!["server nDCG@10"],
          t!["tool Recall@5"],
          st!["server Recall@5"],
          st!["tool Recall@5"],
          st!["merged server Recall@5"],
          im!["server Recall@5"],
          im!["tool Recall@5"],
        ]
          .map((x) => round(x!))
          .join(" | ")} |`,
      );
      process.stderr.write(`${rows.at(-1)}\n`);
    }
    return rows;
  };
  const rows = await measure(sets);
  const introspected = introspectedLists(new Set(Object.keys(sharedImportData().tools)));
  if (introspected) {
    // Measured again in the same process with the lists added: the same query vectors, no run-to-run spread.
    const titles = new Map(latestServers().map((s) => [s.name, s.title ?? ""]));
    const described = introspected.lists.flatMap((l) => {
      const q = describedQuery(l, titles.get(l.server) ?? "");
      return q ? [{ server: l.server, q }] : [];
    });
    const ranks = await findIntrospected(new SearchEngine(...engineParts(), base), described);
    const fivesBefore = await firstFives(new SearchEngine(...engineParts(), base));
    const missing = await recordIntrospected(h, introspected.lists);
    const added = introspected.lists.filter((l) => !missing.includes(l.server));
    const checked = described.filter((d) => !missing.includes(d.server));
    const before = ranks.filter((_, i) => !missing.includes(described[i]!.server));
    const labelled = new Set([
      ...[...sets.names, ...sets.intents].flatMap((i) => i.servers),
      ...[...sets.tasks, ...sets.implied].flatMap((t) => t.steps.flatMap((s) => s.servers)),
    ]);
    const touched = added.filter((l) => labelled.has(l.server)).map((l) => l.server);
    console.log(
      `introspected lists from ${introspected.file}: ${added.length} servers, ${added.reduce((n, l) => n + l.tools.length, 0)} tools added ` +
        `(source introspection; not recorded by the catalog: ${missing.join(", ") || "none"}); ` +
        `${introspected.overlap.length} introspected servers whose tools the data gives, kept from the data; ` +
        `${touched.length} of the added servers are labelled relevant in the sets: ${touched.join(", ")}\n`,
    );
    rows.push(...(await measure(sets, " + introspected")));
    rows.push(...(await measure(widenedToolLabels(sets, added), " + introspected, tool labels widened")));
    const after = await findIntrospected(new SearchEngine(...engineParts(), base), checked);
    console.log(
      `Introspected servers, a query from one tool description each (${checked.length} of ${added.length} servers):`,
    );
    console.log(`- without their tools: ${findings(before)}`);
    console.log(`- with their tools: ${findings(after)}`);
    checked.forEach(({ server, q }, i) => console.log(`  ${before[i]} -> ${after[i]}  ${server}: ${q}`));
    console.log("\nSingle intents whose first five changed (engine as configured; + relevant, - not):");
    changedIntents(
      fivesBefore,
      await firstFives(new SearchEngine(...engineParts(), base)),
      new Set(added.map((l) => l.server)),
    );
    console.log();
  }
  console.log(
    "| engine | names P@1 | names nDCG@10 | intents server R@5 | intents server nDCG@10 | intents tool R@5 | intents tool nDCG@10 | tasks server R@5 | tasks server nDCG@10 | tasks tool R@5 | steps server R@5 | steps tool R@5 | steps merged R@5 | implied server R@5 | implied tool R@5 |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
} finally {
  await service.stop();
  if (saveAs) {
    await h.db.close();
    await ensureDatabase(withDatabase(h.databaseUrl, saveAs), new URL(h.databaseUrl).pathname.slice(1));
    process.stderr.write(`saved the loaded database as ${saveAs}\n`);
  }
  await h.close();
}
