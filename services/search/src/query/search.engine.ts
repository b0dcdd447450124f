import type { SearchAnswer, SearchRequestSchema, SearchResult } from "@catalog/contracts";
import { toolDocumentId, type DocumentKind, type KeywordQuery, type SearchRepository } from "@catalog/db";
import {
  DEFAULT_FUSION,
  fuseByServer,
  hasFilters,
  maxRelevance,
  rerankByTrust,
  type FusedServer,
  type Hit,
  type RankedLists,
  type ServerFacts,
} from "@catalog/search-core";
import type { z } from "zod";
import type { VectorIndex } from "../vectors/vector-index.js";
import type { FactsCache } from "./facts-cache.js";
import { keywordQuery, MAX_KEYWORDS } from "./keyword-query.js";
import { QueryCache } from "./query-cache.js";
import type { QueryEmbedder } from "./query-embedder.js";

type Request = z.output<typeof SearchRequestSchema>;

/** The semantic half: present only when an embedding model is loaded. */
export type Semantic = { embedder: QueryEmbedder; index: VectorIndex };

export type EngineOptions = {
  /** Candidates per retriever. */
  candidates: number;
  /** Below this cosine similarity a semantic neighbour is noise, not a candidate. */
  minSimilarity: number;
  /** Unfiltered queries whose candidates are kept until the index changes (0: none). */
  cachedQueries: number;
};

/**
 * What a query's retrievers found, fused by server, with the most relevance fusion can give and
 * the descriptions of matched tools read so far.
 */
type Candidates = { fused: FusedServer[]; relevance: number; descriptions: Map<string, string> };

/**
 * Answers a search: four retrievers (server and tool documents, each by keyword and by
 * meaning), restricted to the servers that pass the filters before anything is cut, fused by
 * reciprocal rank per server, re-ranked by trust, then cut to the limit.
 */
export class SearchEngine {
  /** Keyword levels by query text: the lexemes cost a round trip to PostgreSQL's stemmer. */
  private readonly keywordQueries = new QueryCache<KeywordQuery>();
  /**
   * Candidates of unfiltered queries by query text and retrievers: they change only with the
   * index, so `invalidate` forgets them on every change. Facts (trust, filters) are applied
   * to them afresh on each search.
   */
  private readonly unfiltered: QueryCache<Candidates>;

  constructor(
    private readonly repo: SearchRepository,
    private readonly facts: FactsCache,
    private readonly semantic: () => Semantic | undefined,
    private readonly options: EngineOptions,
  ) {
    this.unfiltered = new QueryCache(options.cachedQueries);
  }

  get mode(): SearchAnswer["mode"] {
    return this.semantic() ? "hybrid" : "keyword";
  }

  /** The documents, their vectors or the embedding model changed: candidates must be retrieved again. */
  invalidate(): void {
    this.unfiltered.clear();
  }

  async search(request: Request): Promise<SearchAnswer> {
    const mode = this.mode;
    const allow = hasFilters(request.filters) ? this.facts.allowed(request.filters) : undefined;
    if (allow?.size === 0) return { mode, results: [] };
    const { fused, relevance, descriptions } = allow
      ? await this.candidates(request.q, request.retrievers, allow)
      : await this.unfiltered.get(
          request.q,
          (q) => this.candidates(q, request.retrievers),
          request.retrievers,
        );
    // Facts decide afresh which candidates may answer: a server may have left since they were found.
    const answering = fused.filter(
      (f) => this.facts.get(f.serverName) && (!allow || allow.has(f.serverName)),
    );
    const ranked = rerankByTrust(answering, (name) => this.facts.get(name)?.trustScore ?? 0, relevance).slice(
      0,
      request.limit,
    );
    await this.describe(
      ranked.flatMap((r) => r.tools.map((t) => toolDocumentId(r.serverName, t.name))),
      descriptions,
    );
    const results = ranked.map((r) =>
      toResult(
        this.facts.get(r.serverName)!,
        r.score,
        r.tools.map((t) => ({
          name: t.name,
          description: descriptions.get(toolDocumentId(r.serverName, t.name)) ?? "",
        })),
      ),
    );
    return { mode, results };
  }

  private async candidates(
    q: string,
    retrievers: Request["retrievers"],
    allow?: Set<string>,
  ): Promise<Candidates> {
    const lists = await this.retrieve(q, retrievers, allow);
    return {
      fused: fuseByServer(lists, DEFAULT_FUSION),
      relevance: maxRelevance(lists, DEFAULT_FUSION),
      descriptions: new Map(),
    };
  }

  /** Reads the descriptions of the tools `known` lacks into it. */
  private async describe(ids: readonly string[], known: Map<string, string>): Promise<void> {
    const missing = ids.filter((id) => !known.has(id));
    for (const [id, body] of await this.repo.descriptions(missing)) known.set(id, body);
  }

  private async retrieve(
    q: string,
    retrievers: Request["retrievers"],
    allow?: Set<string>,
  ): Promise<RankedLists> {
    const semantic = this.semantic();
    const keyword = retrievers !== "semantic";
    const meaning = retrievers !== "keyword" && semantic !== undefined;
    // Restricting SQL to every server costs more than it saves.
    const only = allow && allow.size < this.facts.size ? [...allow] : undefined;
    const k = this.options.candidates;
    // The query's lexemes once for both kinds (PostgreSQL's stemmer makes them).
    const terms = keyword
      ? this.keywordQueries.get(q, async (text) =>
          keywordQuery(text, await this.repo.lexemes(text, MAX_KEYWORDS)),
        )
      : undefined;
    const byKeyword = async (kind: DocumentKind) =>
      asHits(await this.repo.keywordHits(kind, await terms!, kind === "tool" ? k * 2 : k, only));
    const vector = meaning ? semantic.embedder.embed(q) : undefined;
    const byMeaning = async (kind: DocumentKind) => {
      const hits = await semantic!.index.search({
        kind,
        vector: await vector!,
        k: kind === "tool" ? k * 2 : k,
        allow,
      });
      return asHits(hits.filter((h) => h.score >= this.options.minSimilarity));
    };
    const [serverKeyword, toolKeyword, serverSemantic, toolSemantic] = await Promise.all([
      keyword ? byKeyword("server") : undefined,
      keyword ? byKeyword("tool") : undefined,
      meaning ? byMeaning("server") : undefined,
      meaning ? byMeaning("tool") : undefined,
    ]);
    return {
      server_keyword: serverKeyword,
      tool_keyword: toolKeyword,
      server_semantic: serverSemantic,
      tool_semantic: toolSemantic,
    };
  }
}

function asHits(rows: readonly { serverName: string; toolName: string | null }[]): Hit[] {
  return rows.map((r) => ({ serverName: r.serverName, toolName: r.toolName }));
}

function toResult(f: ServerFacts, score: number, matchedTools: SearchResult["matched_tools"]): SearchResult {
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
    score: Math.round(score * 10_000) / 10_000,
    matched_tools: matchedTools,
  };
}
