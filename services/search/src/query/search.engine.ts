import { oneLine, type SearchAnswer, type SearchRequestSchema, type SearchResult } from "@catalog/contracts";
import { toolDocumentId, type DocumentKind, type SearchRepository } from "@catalog/db";
import {
  nameWords,
  queryTerms,
  type TrainedEncoder,
  type Associations,
  type ExpansionOptions,
  type LexicalAnswer,
  type LexicalIndex,
  type NameIndex,
  type QueryTerm,
} from "@catalog/lexical";
import {
  breadthWeight,
  cheaperAmongEqual,
  DEFAULT_FUSION,
  fuseByServer,
  hasFilters,
  interleave,
  matchLevel,
  maxRelevance,
  namesFirst,
  rerankByTrust,
  toolsByIntent,
  type BreadthOptions,
  type FusedServer,
  type FusionOptions,
  type Hit,
  type RankedLists,
  type RankedServer,
  type ServerFacts,
} from "@catalog/search-core";
import type { z } from "zod";
import type { VectorIndex } from "../vectors/vector-index.js";
import type { CapabilityIndex } from "./capability-index.js";
import type { FactsCache } from "./facts-cache.js";
import { planIntents, type PlannedIntent } from "./plan.js";
import { QueryCache } from "./query-cache.js";
import type { QueryEmbedder } from "./query-embedder.js";

type Request = z.output<typeof SearchRequestSchema>;

/**
 * An encoder trained on the catalog (docs/search.md, "A model trained here") and its vectors of
 * the documents: kept with the keyword index, as it needs no model to load.
 */
export type TrainedMeaning = { encoder: TrainedEncoder; index: VectorIndex };
/**
 * The keyword half: the BM25F index over servers and tools, and the servers' names; and the
 * trained encoder's vectors when it is shipped.
 */
export type Lexical = {
  index: LexicalIndex;
  names: NameIndex;
  capabilities: CapabilityIndex;
  trained?: TrainedMeaning | undefined;
};
/** The semantic half: present only when an embedding model is loaded. */
export type Semantic = { embedder: QueryEmbedder; index: VectorIndex };

export type EngineOptions = {
  /** Candidates per retriever. */
  candidates: number;
  /** Below this cosine similarity a semantic neighbour is noise, not a candidate. */
  minSimilarity: number;
  /** Unfiltered queries whose candidates are kept until the index changes (0: none). */
  cachedQueries: number;
  /** Retriever weights and matched tools per server (calibrated defaults otherwise). */
  fusion?: FusionOptions;
  /** Queries of at most this many name words put the servers they name first (0: never). */
  nameTierWords?: number;
  /** The least name match strength that puts a server first. */
  nameTierStrength?: number;
  /** Whether a task in several steps is split into intents (on unless false). */
  intents?: boolean;
  /** Whether the needs a task implies (an output file, a page, an address) are answered too (on unless false). */
  implied?: boolean;
  /** A semantic hit's evidence is its similarity over this (capped at 1). */
  semanticScale?: number;
  /** How much less a tool hit counts for a server with a long tool list (calibrated default otherwise). */
  breadth?: BreadthOptions;
  /**
   * Term associations mined from the catalog: the words of a step the agent gave also look for
   * their associates, in retrievers of their own (docs/search.md, "Associations").
   */
  associations?: { table: Associations; expansion: ExpansionOptions };
  /** Query-time overrides of the BM25F index's tool parameters (calibration). */
  lexical?: { toolShare?: number; twinPower?: number };
  /**
   * How long a search waits for its query's vector: past it, the search answers by keyword
   * alone (mode keyword, nothing kept) and the vector, still embedded, serves the next search;
   * a model busy embedding the catalog never holds a search for long. Unbounded when unset.
   */
  vectorWaitMs?: number;
  /**
   * Whether a short query whose named servers come first (the name tier) is answered without
   * the embedding model, whose time goes to the queries that need it; on unless false
   * (docs/search.md, "Never-seen queries").
   */
  skipModelWhenNamed?: boolean;
  /**
   * Whether a result of a query answered as several intents shows its server's tools for each
   * intent in turns, ranked within the server (docs/search.md, "Tools within a server"); on
   * unless false.
   */
  serverTools?: boolean;
};

/**
 * Chosen on the labelled sets (docs/search.md, "Calibration"): a query of up to three name
 * words that names servers (`slack`, `github issues`, `google drive`) wants those servers
 * first; longer queries describe a need, and a name in them only adds a vote.
 */
const NAME_TIER_WORDS = 3;
const NAME_TIER_STRENGTH = 0.5;
/** USE-lite's similarities of a good match sit around 0.5: at that a semantic hit is full evidence. */
const SEMANTIC_SCALE = 0.5;
/**
 * The trained encoder's neighbours: full evidence at 0.5, none under 0.2, as USE-lite's
 * (0.7 for full evidence and 0.3 for the floor measured the same: docs/search.md).
 */
const TRAINED_SCALE = 0.5;
const TRAINED_FLOOR = 0.2;
/** A tool hit of a server with more than ten tools counts (10 / tools) ** 0.5: see docs/search.md, "Breadth". */
const BREADTH: BreadthOptions = { base: 10, power: 0.5 };

/**
 * What a query's retrievers found, fused by server, with the most relevance fusion can give
 * and the strength of each server's name match; `late` when the query's vector did not come in
 * time and meaning is missing.
 */
type Candidates = { fused: FusedServer[]; relevance: number; names: Map<string, number>; late: boolean };
/** An intent's servers, best first, and whether meaning was missing from them. */
type Ranked = { servers: RankedServer[]; late: boolean };

/**
 * How an intent is answered: by which retrievers, whether its words also look for their
 * associations, and whether, when short, the servers it names come first.
 */
type Retrieval = { retrievers: Request["retrievers"]; associate: boolean; tier: boolean };

/** Servers listed per intent (at most the limit): the best few of each step. */
const PER_INTENT = 5;

/** Tool descriptions kept for matched tools, until the index changes. */
const MAX_DESCRIPTIONS = 50_000;

/**
 * Answers a search. A task in several steps is split into intents, each answered on its own
 * and merged in turns. For one intent: the BM25F index ranks servers (a tool's match counting
 * for its server) and tools, the name index the servers the query names, and the vector index
 * servers and tools by meaning, all restricted to the servers that pass the filters; the lists
 * are fused by weighted reciprocal rank per server and re-ranked by trust, and a short query's
 * named servers come first.
 */
export class SearchEngine {
  /**
   * Candidates of unfiltered intents by text and retrievers: they change only with the index,
   * so `invalidate` forgets them on every change. Facts (trust, filters) are applied to them
   * afresh on each search.
   */
  private readonly unfiltered: QueryCache<Candidates>;
  private readonly descriptions = new Map<string, string>();
  private readonly fusion: FusionOptions;
  private readonly semanticScale: number;
  private readonly breadth: BreadthOptions;

  constructor(
    private readonly repo: SearchRepository,
    private readonly facts: FactsCache,
    private readonly lexical: Lexical,
    private readonly semantic: () => Semantic | undefined,
    private readonly options: EngineOptions,
  ) {
    this.unfiltered = new QueryCache(options.cachedQueries);
    this.fusion = options.fusion ?? DEFAULT_FUSION;
    this.semanticScale = options.semanticScale ?? SEMANTIC_SCALE;
    this.breadth = options.breadth ?? BREADTH;
  }

  /** The weight of a tool hit for its server, from the length of the server's tool list. */
  private toolWeight(server: string): number {
    return breadthWeight(this.facts.get(server)?.toolCount ?? 0, this.breadth);
  }

  get mode(): SearchAnswer["mode"] {
    return this.semantic() ? "hybrid" : "keyword";
  }

  /** The documents, their vectors or the embedding model changed: candidates must be retrieved again. */
  invalidate(): void {
    this.unfiltered.clear();
    this.descriptions.clear();
  }

  async search(request: Request): Promise<SearchAnswer> {
    const allow = hasFilters(request.filters) ? this.facts.allowed(request.filters) : undefined;
    if (allow?.size === 0) return { mode: this.mode, results: [] };
    const plan = planIntents(request.q, request.intents, {
      split: this.options.intents !== false,
      implied: this.options.implied !== false,
    });
    // A piece of a task split up is no product name: the name tier is for what was asked whole.
    const split = plan.filter((i) => i.source === "query").length > 1;
    const answers = await Promise.all(
      plan.map((intent) =>
        this.rankIntent(
          intent,
          { retrievers: request.retrievers, tier: !split || intent.source !== "query" },
          allow,
        ),
      ),
    );
    const mode = answers.some((a) => a.late) ? "keyword" : this.mode;
    const perIntent = answers.map((a) => a.servers);
    const merged = cheaperAmongEqual(
      perIntent.length === 1 ? perIntent[0]! : interleave(perIntent, this.fusion.maxTools),
      (name) => this.facts.get(name)?.toolTokens,
    ).slice(0, request.limit);
    const ranked =
      plan.length > 1 && this.options.serverTools !== false ? this.toolsForEachIntent(merged, plan) : merged;
    const descriptions = await this.describe(
      ranked.flatMap((r) => r.tools.map((t) => toolDocumentId(r.serverName, t.name))),
    );
    const results = ranked.map((r) =>
      toResult(
        this.facts.get(r.serverName)!,
        r,
        r.tools.map((t) => ({
          name: t.name,
          description: descriptions.get(toolDocumentId(r.serverName, t.name)) ?? "",
        })),
      ),
    );
    if (plan.length === 1 && !request.intents) return { mode, results };
    const intents = plan.map((intent, i) => ({
      intent: intent.text,
      source: intent.source,
      ...(intent.capability ? { capability: intent.capability, implied_by: intent.impliedBy } : {}),
      results: perIntent[i]!.slice(0, Math.min(request.limit, PER_INTENT)).map((r) => {
        const f = this.facts.get(r.serverName)!;
        return {
          name: r.serverName,
          line: oneLine(f.description || f.title || ""),
          score: round(r.score),
          match: matchLevel(r.evidence),
          tools: r.tools.map((t) => t.name),
        };
      }),
    }));
    return { mode, results, intents };
  }

  /**
   * Each merged result's tools for every intent in turns, ranked within its server by the
   * intent's words, before the tools fusion found (docs/search.md, "Tools within a server"): a
   * server found for one piece of a task shows that piece's tool.
   */
  private toolsForEachIntent(
    ranked: readonly RankedServer[],
    plan: readonly PlannedIntent[],
  ): RankedServer[] {
    const terms = plan.map((intent) => queryTerms(intent.text).map((term) => ({ term, weight: 1 })));
    return ranked.map((r) => {
      const perIntent = terms.map((query) =>
        this.lexical.index.serverTools(query, r.serverName).map((t) => ({ ...t, name: t.tool })),
      );
      return { ...r, tools: toolsByIntent(perIntent, r.tools, this.fusion.maxTools) };
    });
  }

  /** An intent's servers; an implied need's only among the servers that have its capability. */
  private rankIntent(
    intent: PlannedIntent,
    { retrievers, tier }: Omit<Retrieval, "associate">,
    allow?: Set<string>,
  ): Promise<Ranked> {
    const how = {
      retrievers,
      associate: intent.source === "given" && this.options.associations !== undefined,
      tier: tier && intent.source !== "implied",
    };
    if (!intent.capability) return this.rank(intent.text, how, allow);
    const capable = this.lexical.capabilities.serversWith(intent.capability);
    const both = new Set([...capable].filter((name) => !allow || allow.has(name)));
    return both.size === 0
      ? Promise.resolve({ servers: [], late: false })
      : this.rank(intent.text, how, both);
  }

  /** One intent's servers, best first. */
  private async rank(q: string, how: Retrieval, allow?: Set<string>): Promise<Ranked> {
    const scope = `${how.retrievers}${how.associate ? "+associations" : ""}`;
    const { fused, relevance, names, late } = allow
      ? await this.candidates(q, how, allow)
      : await this.unfiltered.get(
          q,
          (text) => this.candidates(text, how),
          scope,
          (c) => !c.late,
        );
    // Facts decide afresh which candidates may answer: a server may have left since they were found.
    const answering = fused.filter(
      (f) => this.facts.get(f.serverName) && (!allow || allow.has(f.serverName)),
    );
    const ranked = rerankByTrust(answering, (name) => this.facts.get(name)?.trustScore ?? 0, relevance);
    const servers = how.tier && this.tierLength(q) ? namesFirst(ranked, names, this.tierStrength) : ranked;
    return { servers, late };
  }

  /** Whether the query is short enough for the servers it names to come first. */
  private tierLength(q: string): boolean {
    return nameWords(q).length <= (this.options.nameTierWords ?? NAME_TIER_WORDS);
  }

  private get tierStrength(): number {
    return this.options.nameTierStrength ?? NAME_TIER_STRENGTH;
  }

  /** Whether servers the query names will come first: a short query naming one strongly enough. */
  private namesLead(q: string, matches: readonly { strength: number }[]): boolean {
    return this.tierLength(q) && matches.some((m) => m.strength >= this.tierStrength);
  }

  private async candidates(q: string, how: Retrieval, allow?: Set<string>): Promise<Candidates> {
    const { lists, names, late } = await this.retrieve(q, how, allow);
    return {
      fused: fuseByServer(lists, this.fusion),
      relevance: maxRelevance(lists, this.fusion),
      names,
      late,
    };
  }

  /** A keyword answer as the fusion's server and tool lists, evidence being the share of the query matched. */
  private keywordLists(answer: LexicalAnswer): [Hit[], Hit[]] {
    return [
      answer.servers.map((s) => ({ serverName: s.server, toolName: null, evidence: s.coverage })),
      answer.tools.map((t) => ({
        serverName: t.server,
        toolName: t.tool,
        evidence: t.coverage * this.toolWeight(t.server),
      })),
    ];
  }

  /** Descriptions of the given tool documents, read once until the index changes. */
  private async describe(ids: readonly string[]): Promise<Map<string, string>> {
    let missing = ids.filter((id) => !this.descriptions.has(id));
    if (this.descriptions.size + missing.length > MAX_DESCRIPTIONS) {
      this.descriptions.clear();
      missing = [...ids];
    }
    for (const [id, body] of await this.repo.descriptions(missing)) this.descriptions.set(id, body);
    return this.descriptions;
  }

  private async retrieve(
    q: string,
    { retrievers, associate, tier }: Retrieval,
    allow?: Set<string>,
  ): Promise<{ lists: RankedLists; names: Map<string, number>; late: boolean }> {
    const semantic = this.semantic();
    const meaning = retrievers !== "keyword" && semantic !== undefined;
    const k = this.options.candidates;
    const may = allow && ((name: string) => allow.has(name));
    const matches =
      retrievers === "semantic" ? [] : this.lexical.names.match(q).filter((m) => !may || may(m.server));
    // A product named whole comes first by its name whatever meaning says: the model's time goes
    // to the queries that need it (docs/search.md, "Never-seen queries").
    const named = this.options.skipModelWhenNamed !== false && tier && this.namesLead(q, matches);
    const vector =
      meaning && !named ? semantic.embedder.within(q, this.options.vectorWaitMs ?? Infinity) : undefined;
    const byMeaning = async (
      index: VectorIndex,
      kind: DocumentKind,
      v: Float32Array,
      scale = this.semanticScale,
      floor = this.options.minSimilarity,
    ) => {
      const hits = await index.search({ kind, vector: v, k: kind === "tool" ? k * 2 : k, allow });
      return hits
        .filter((h) => h.score >= floor)
        .map((h) => ({
          serverName: h.serverName,
          toolName: h.toolName,
          evidence: Math.min(1, h.score / scale) * (h.toolName === null ? 1 : this.toolWeight(h.serverName)),
        }));
    };
    const semanticLists = vector?.then(
      (v) =>
        v && Promise.all([byMeaning(semantic!.index, "server", v), byMeaning(semantic!.index, "tool", v)]),
    );
    // The trained encoder's lists join USE-lite's, and stand without it (no model configured, or
    // not loaded yet): they cost microseconds. Never when only keywords were asked for.
    const trained = retrievers !== "keyword" ? this.lexical.trained : undefined;
    const trainedVector = trained?.encoder.embed(q);
    const trainedLists =
      trained &&
      Promise.all(
        (["server", "tool"] as const).map((kind) =>
          byMeaning(trained.index, kind, trainedVector!, TRAINED_SCALE, TRAINED_FLOOR),
        ),
      );
    const lists: RankedLists = {};
    let names = new Map<string, number>();
    if (retrievers !== "semantic") {
      const own = queryTerms(q);
      const keyword = (query: QueryTerm[]) =>
        this.lexical.index.search(query, {
          servers: k,
          tools: k * 2,
          toolsPerServer: this.fusion.maxTools,
          allow: may,
          ...this.options.lexical,
        });
      const answer = keyword(own.map((term) => ({ term, weight: 1 })));
      [lists.server_keyword, lists.tool_keyword] = this.keywordLists(answer);
      const associations = this.options.associations;
      const expanded = associate ? associations?.table.expand(own, associations.expansion) : undefined;
      if (expanded && expanded.length > own.length)
        [lists.server_associated, lists.tool_associated] = this.keywordLists(keyword(expanded));
      lists.server_name = matches
        .slice(0, k)
        .map((m) => ({ serverName: m.server, toolName: null, evidence: m.strength }));
      names = new Map(matches.map((m) => [m.server, m.strength]));
    }
    const found = await semanticLists;
    if (found) [lists.server_semantic, lists.tool_semantic] = found;
    if (trainedLists) [lists.server_trained, lists.tool_trained] = await trainedLists;
    return { lists, names, late: meaning && !named && !found };
  }
}

const round = (score: number) => Math.round(score * 10_000) / 10_000;

function toResult(
  f: ServerFacts,
  r: RankedServer,
  matchedTools: SearchResult["matched_tools"],
): SearchResult {
  return {
    name: f.name,
    title: f.title,
    description: f.description,
    connection_class: f.connectionClass,
    autonomous: f.autonomous,
    human_steps: f.humanSteps,
    categories: f.categories,
    trust_score: f.trustScore,
    trust_flags: f.trustFlags,
    quality_score: f.qualityScore,
    quality_label: f.qualityLabel,
    tool_count: f.toolCount,
    tool_tokens: f.toolTokens,
    score: round(r.score),
    match: matchLevel(r.evidence),
    matched_tools: matchedTools,
  };
}
