import { z } from "zod";
import { wholeNumber } from "./explain.js";
import { freeText } from "./text.js";
import { NextActionSchema } from "./next-actions.js";
import {
  CATEGORY_IDS,
  CONNECTION_CLASSES,
  QUALITY_LABELS,
  TRUST_FLAGS,
  type ConnectionClassId,
  type TrustFlag,
} from "./vocabulary.js";

export const SEARCH_TRANSPORTS = ["streamable-http", "sse"] as const;
export const SEARCH_MODES = ["hybrid", "keyword"] as const;
/** Which retrievers answer: the public API always uses hybrid (or keyword without a model). */
export const RETRIEVER_SETS = ["hybrid", "keyword", "semantic"] as const;

/** What narrows a search, applied before the limit. Arrays here; the REST query takes comma lists. */
export const SearchFiltersSchema = z.object({
  class: z.array(z.enum(CONNECTION_CLASSES)).min(1).optional(),
  transport: z.enum(SEARCH_TRANSPORTS).optional(),
  category: z.enum(CATEGORY_IDS).optional(),
  min_trust: z.number().int().min(0).max(100).optional(),
  flags: z.array(z.enum(TRUST_FLAGS)).min(1).optional(),
  exclude_flags: z.array(z.enum(TRUST_FLAGS)).min(1).optional(),
  /** Servers whose tool definitions cost at most this many tokens (counted ones only). */
  max_tokens: z.number().int().min(0).optional(),
});
export type SearchFilters = z.infer<typeof SearchFiltersSchema>;

/** A comma list (`R0,R1`); a repeated parameter (`class=R0&class=R1`) is accepted as well. */
function commaList<T extends string>(values: readonly [T, ...T[]]) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(","))
        .map((s) => s.trim())
        .filter((s) => s !== ""),
    )
    .pipe(z.array(z.enum(values)).min(1, { error: `must be a comma list of ${values.join(", ")}` }));
}

/** Query of GET /v1/search. */
export const SearchQuerySchema = z.object({
  q: freeText().trim().min(1).max(500),
  limit: wholeNumber(1, 50).default(10),
  class: commaList<ConnectionClassId>(CONNECTION_CLASSES).optional(),
  transport: z.enum(SEARCH_TRANSPORTS).optional(),
  category: z.enum(CATEGORY_IDS).optional(),
  min_trust: wholeNumber(0, 100).optional(),
  flags: commaList<TrustFlag>(TRUST_FLAGS).optional(),
  exclude_flags: commaList<TrustFlag>(TRUST_FLAGS).optional(),
  max_tokens: wholeNumber(0, 10_000_000).optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** Body of the search service's internal POST /internal/search. */
export const SearchRequestSchema = z.object({
  q: freeText().trim().min(1).max(500),
  limit: z.number().int().min(1).max(50).default(10),
  filters: SearchFiltersSchema.default({}),
  retrievers: z.enum(RETRIEVER_SETS).default("hybrid"),
});
export type SearchRequest = z.input<typeof SearchRequestSchema>;

export function searchRequestFromQuery(query: SearchQuery): z.output<typeof SearchRequestSchema> {
  const { q, limit, ...filters } = query;
  const defined = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
  return { q, limit, filters: defined as SearchFilters, retrievers: "hybrid" };
}

export const MatchedToolSchema = z.object({ name: z.string(), description: z.string() });

/** One server in a search answer. */
export const SearchResultSchema = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string(),
  connection_class: z.enum(CONNECTION_CLASSES),
  autonomous: z.boolean(),
  human_steps: z.array(z.string()),
  categories: z.array(z.string()),
  trust_score: z.number().int().min(0).max(100),
  trust_flags: z.array(z.string()),
  quality_score: z.number().int().min(0).max(100).nullable(),
  quality_label: z.enum(QUALITY_LABELS),
  tool_count: z.number().int().min(0),
  /** Tokens of the server's tool definitions as a client sends them (o200k_base); null until counted. */
  tool_tokens: z.number().int().min(0).nullable(),
  /** Relevance after trust re-ranking, 0..1 (1: first in every retriever with full trust). */
  score: z.number().min(0).max(1),
  /** Tools that matched the query, best first. */
  matched_tools: z.array(MatchedToolSchema),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** What the search service answers; the gateway adds next_actions. */
export const SearchAnswerSchema = z.object({
  mode: z.enum(SEARCH_MODES),
  results: z.array(SearchResultSchema),
});
export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;

/** Body of GET /v1/search. */
export const SearchResponseSchema = SearchAnswerSchema.extend({ next_actions: z.array(NextActionSchema) });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
