import { terms } from "./analyze.js";
import type { QueryTerm } from "./lexical-index.js";

/**
 * Term associations mined from the catalog's own text: which words of what is said about a
 * server or a tool (its description, in the words of the people who wrote it) go with which
 * words of its tools (their names and descriptions). "stock" goes with "ticker" and "symbol",
 * "presentation" with "slide" and "pptx": a query in the user's words then also finds the tools
 * written in the tools' words. Pointwise mutual information over text pairs, terms as the
 * lexical index analyses them (stems).
 */

/** One mined association: the associated term and its PMI (natural log). */
export type Association = readonly [term: string, pmi: number];

/** The shipped table: per term, its associations, strongest first. */
export type AssociationTable = {
  about: string;
  pairs: number;
  terms: Record<string, Association[]>;
};

export type MiningOptions = {
  /** An association must be seen in at least this many pairs. */
  minPairs: number;
  /** Associations kept per term. */
  perTerm: number;
  /** Terms on either side in more than this share of the sources say nothing (ignored). */
  maxShare: number;
  /** The least share of the sources saying f whose tools say t: P(t | f). */
  minConfidence: number;
};

/** Chosen on the labelled sets (docs/search.md, "Associations"). */
export const DEFAULT_MINING: MiningOptions = { minPairs: 3, perTerm: 10, maxShare: 0.1, minConfidence: 0 };

/**
 * Text pairs of one source (a server): what is said about it, and the words of what it does.
 * Co-occurrence is counted once per source, so a server with a hundred tools weighs as one.
 */
export type TextPair = readonly [from: string, to: string];
export type PairGroup = readonly TextPair[];

/** Terms worth associating: Latin-script words of three letters or more (no numbers, ids or pairs of CJK characters). */
const ASSOCIABLE = /^[a-z][a-z]{2,}$/;

/**
 * Mines associations from groups of text pairs. n(f) counts the groups whose first texts hold
 * f, n(t) those whose second texts hold t, n(f,t) those with a pair holding both; an
 * association needs n(f,t) >= minPairs and PMI = ln(n(f,t) N / (n(f) n(t))) above 1, and a
 * term's associations are ranked by n(f,t) x PMI (local mutual information), which favours
 * associations seen often over PMI's rare coincidences. Deterministic: ties go by term.
 */
export function mineAssociations(
  groups: Iterable<PairGroup>,
  about: string,
  options: MiningOptions = DEFAULT_MINING,
): AssociationTable {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const id = (term: string) => {
    let n = ids.get(term);
    if (n === undefined) {
      n = names.length;
      ids.set(term, n);
      names.push(term);
    }
    return n;
  };
  const analysed = (text: string) => [...new Set(terms(text).filter((t) => ASSOCIABLE.test(t)))].map(id);
  const fromCount: number[] = [];
  const toCount: number[] = [];
  const sources: { from: Set<number>; to: Set<number>; pairs: [number[], number[]][] }[] = [];
  for (const group of groups) {
    const source = { from: new Set<number>(), to: new Set<number>(), pairs: [] as [number[], number[]][] };
    for (const [from, to] of group) {
      const f = analysed(from);
      const t = analysed(to);
      if (f.length === 0 || t.length === 0) continue;
      source.pairs.push([f, t]);
      for (const x of f) source.from.add(x);
      for (const y of t) source.to.add(y);
    }
    if (source.pairs.length === 0) continue;
    sources.push(source);
    for (const x of source.from) fromCount[x] = (fromCount[x] ?? 0) + 1;
    for (const y of source.to) toCount[y] = (toCount[y] ?? 0) + 1;
  }
  const total = sources.length;
  const common = options.maxShare * total;
  const vocabulary = names.length;
  const joint = new Map<number, number>();
  for (const source of sources) {
    const seen = new Set<number>();
    for (const [f, t] of source.pairs)
      for (const x of f) {
        if (fromCount[x]! > common) continue;
        for (const y of t) {
          if (x === y || toCount[y]! > common) continue;
          seen.add(x * vocabulary + y);
        }
      }
    for (const key of seen) joint.set(key, (joint.get(key) ?? 0) + 1);
  }
  const best = new Map<number, { term: string; pmi: number; lmi: number }[]>();
  for (const [key, n] of joint) {
    if (n < options.minPairs) continue;
    const x = Math.floor(key / vocabulary);
    const y = key % vocabulary;
    const pmi = Math.log((n * total) / (fromCount[x]! * toCount[y]!));
    if (pmi <= 1 || n / fromCount[x]! < options.minConfidence) continue;
    const list = best.get(x) ?? [];
    list.push({ term: names[y]!, pmi: Math.round(pmi * 100) / 100, lmi: n * pmi });
    best.set(x, list);
  }
  const table: Record<string, Association[]> = {};
  for (const x of [...best.keys()].sort((a, b) => compare(names[a]!, names[b]!))) {
    table[names[x]!] = best
      .get(x)!
      .sort((a, b) => b.lmi - a.lmi || compare(a.term, b.term))
      .slice(0, options.perTerm)
      .map((a) => [a.term, a.pmi] as const);
  }
  return { about, pairs: total, terms: table };
}

export type ExpansionOptions = {
  /** Weight of an associated term, against 1 for the query's own terms. */
  weight: number;
  /** Associations used per query term. */
  perTerm: number;
};

/** An associate weighs as its source word (capped at the source's IDF); ten per word. */
export const DEFAULT_EXPANSION: ExpansionOptions = { weight: 1, perTerm: 10 };

/**
 * A loaded association table: expands a query's terms with their associations, as optional
 * terms (they add to a document's score and coverage, never to what coverage is out of).
 */
export class Associations {
  constructor(private readonly table: AssociationTable) {}

  get size(): number {
    return Object.keys(this.table.terms).length;
  }

  /**
   * The query's terms (weight 1) followed by the associations of each, at most `perTerm` per
   * term, an associated term kept once at its highest weight, never one the query has itself.
   */
  expand(query: readonly string[], options: ExpansionOptions = DEFAULT_EXPANSION): QueryTerm[] {
    const own = new Set(query);
    const added = new Map<string, QueryTerm>();
    for (const term of own) {
      const list = Object.hasOwn(this.table.terms, term) ? this.table.terms[term]! : [];
      for (const [associated] of list.slice(0, options.perTerm)) {
        if (own.has(associated) || added.has(associated)) continue;
        added.set(associated, { term: associated, weight: options.weight, optional: true, source: term });
      }
    }
    return [...[...own].map((term) => ({ term, weight: 1 })), ...added.values()];
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A server as the miner reads it: what it says of itself and its tools. */
export type MinedServer = { description: string; tools: readonly { name: string; description: string }[] };

/**
 * The pairs mined from servers with tool lists: a server's description with each of its
 * tools' names and descriptions, and each tool's description with its name.
 */
export function* catalogPairs(servers: Iterable<MinedServer>): Generator<PairGroup> {
  const seen = new Set<string>();
  for (const server of servers) {
    // Forks and copies share one tool list: counted once, or one server's words would pass for many.
    const signature = server.tools
      .map((t) => t.name)
      .sort()
      .join("\u0000");
    if (seen.has(signature)) continue;
    seen.add(signature);
    yield server.tools.flatMap((tool): TextPair[] => [
      [server.description, `${tool.name} ${tool.description}`],
      [tool.description, tool.name],
    ]);
  }
}
