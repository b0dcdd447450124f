import { z } from "zod";
import { wholeNumber } from "./explain.js";
import { freeText } from "./text.js";
import { NextActionSchema } from "./next-actions.js";
import {
  ACCESS_CLASSES,
  CATEGORY_IDS,
  CONNECTION_CLASSES,
  QUALITY_LABELS,
  TRUST_FLAGS,
  type AccessClass,
  type ConnectionClassId,
  type TrustFlag,
} from "./vocabulary.js";

export const SEARCH_TRANSPORTS = ["streamable-http", "sse"] as const;
/** How much of each result an answer carries: everything, a name and one line, or names only. */
export const SEARCH_DETAILS = ["full", "summary", "names"] as const;
export type SearchDetail = (typeof SEARCH_DETAILS)[number];
/**
 * How well a result's best evidence answers its intent: `strong` (its name, or most of the
 * intent's words, or a close meaning), `partial` (some of it), `weak` (an incidental word or a
 * distant meaning: rephrase rather than connect).
 */
export const MATCH_LEVELS = ["strong", "partial", "weak"] as const;
export type MatchLevel = (typeof MATCH_LEVELS)[number];
/** The agent's own steps: at most this many intents per search, each up to 500 characters. */
export const MAX_INTENTS = 8;
export const SEARCH_MODES = ["hybrid", "keyword"] as const;
/** How the search service answers: by meaning and words, or by words alone (no model, or a late vector). */
export type SearchMode = (typeof SEARCH_MODES)[number];
/** Which retrievers answer: the public API always uses hybrid (or keyword without a model). */
export const RETRIEVER_SETS = ["hybrid", "keyword", "semantic"] as const;

/** What narrows a search, applied before the limit. Arrays here; the REST query takes comma lists. */
export const SearchFiltersSchema = z.object({
  class: z.array(z.enum(CONNECTION_CLASSES)).min(1).optional(),
  transport: z.enum(SEARCH_TRANSPORTS).optional(),
  /** Servers with a probed remote of one of these access classes (late_gate: tools after sign-in). */
  access: z.array(z.enum(ACCESS_CLASSES)).min(1).optional(),
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

const searchText = () => freeText().trim().min(1).max(500);

/** The intents of a search: one capability each, in the words of what a tool does. */
const intentList = <T extends z.ZodType<string[]>>(list: T) =>
  list.describe(
    `The task's steps, one capability each, in the words of what a tool does (1 to ${MAX_INTENTS}, ` +
      "each 1 to 500 characters): each is answered on its own, and the results merge them in turns.",
  );

/** A repeated parameter (`intents=a&intents=b`); a single one is a list of one. */
const repeated = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(searchText()).min(1).max(MAX_INTENTS));

/** `q` may be left out only when the steps are given. */
const qOrIntents = (a: { q?: string; intents?: string[] }) => a.q !== undefined || a.intents !== undefined;
const Q_OR_INTENTS = { path: ["q"], error: "is required unless intents are given" };

/** Query of GET /v1/search. */
export const SearchQuerySchema = z
  .object({
    q: searchText().optional(),
    intents: intentList(repeated).optional(),
    detail: z.enum(SEARCH_DETAILS).default("full"),
    limit: wholeNumber(1, 50).default(10),
    class: commaList<ConnectionClassId>(CONNECTION_CLASSES).optional(),
    transport: z.enum(SEARCH_TRANSPORTS).optional(),
    access: commaList<AccessClass>(ACCESS_CLASSES).optional(),
    category: z.enum(CATEGORY_IDS).optional(),
    min_trust: wholeNumber(0, 100).optional(),
    flags: commaList<TrustFlag>(TRUST_FLAGS).optional(),
    exclude_flags: commaList<TrustFlag>(TRUST_FLAGS).optional(),
    max_tokens: wholeNumber(0, 10_000_000).optional(),
  })
  .refine(qOrIntents, Q_OR_INTENTS);
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** Body of the search service's internal POST /internal/search. */
export const SearchRequestSchema = z
  .object({
    q: searchText().optional(),
    intents: z.array(searchText()).min(1).max(MAX_INTENTS).optional(),
    limit: z.number().int().min(1).max(50).default(10),
    filters: SearchFiltersSchema.default({}),
    retrievers: z.enum(RETRIEVER_SETS).default("hybrid"),
  })
  .refine(qOrIntents, Q_OR_INTENTS);
export type SearchRequest = z.input<typeof SearchRequestSchema>;

export function searchRequestFromQuery(query: SearchQuery): z.output<typeof SearchRequestSchema> {
  const { q, intents, limit, detail: _detail, ...filters } = query;
  const defined = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
  return {
    ...(q === undefined ? {} : { q }),
    ...(intents === undefined ? {} : { intents }),
    limit,
    filters: defined,
    retrievers: "hybrid",
  };
}

export const MatchedToolSchema = z.object({ name: z.string(), description: z.string() });
export type MatchedTool = z.infer<typeof MatchedToolSchema>;

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
  /** How well the best evidence answers the query (or the intent that found the server). */
  match: z.enum(MATCH_LEVELS),
  /** Tools that matched the query, best first. */
  matched_tools: z.array(MatchedToolSchema),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/**
 * One server of one intent's answer: enough to pick it (one line of what it does, its matched
 * tools by name); the rest is in `results` or get_server.
 */
export const IntentResultSchema = SearchResultSchema.pick({ name: true, score: true, match: true }).extend({
  line: z.string(),
  tools: z.array(z.string()),
});
export type IntentResult = z.infer<typeof IntentResultSchema>;

/**
 * One intent of a search and its best servers: a step the agent gave, a step of `q` split off,
 * or a need the task implies (an output file, a page, an address) with the words that imply it.
 */
export const IntentAnswerSchema = z.object({
  intent: z.string(),
  source: z.enum(["given", "query", "implied"]),
  /** For an implied need: the capability and the words of the task that imply it. */
  implied_by: z.string().optional(),
  capability: z.string().optional(),
  results: z.array(IntentResultSchema),
});
export type IntentAnswer = z.infer<typeof IntentAnswerSchema>;

/** What the search service answers; the gateway adds next_actions. */
export const SearchAnswerSchema = z.object({
  mode: z.enum(SEARCH_MODES),
  results: z.array(SearchResultSchema),
  /** Present when the answer merges several intents: each with its own best servers. */
  intents: z.array(IntentAnswerSchema).optional(),
});
export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;

/** A result at `detail=summary`: its name, one line of what it does, its match. */
export const SearchSummarySchema = z.object({
  name: z.string(),
  line: z.string(),
  match: z.enum(MATCH_LEVELS),
});
/** A result at `detail=names`. */
export const SearchNameSchema = SearchSummarySchema.pick({ name: true, match: true });

const compactIntents = <R extends z.ZodType>(result: R) =>
  z
    .array(
      IntentAnswerSchema.omit({ results: true }).extend({
        results: z.array(result),
      }),
    )
    .optional();

const withActions = { next_actions: z.array(NextActionSchema) };

/** Body of GET /v1/search at each detail level; `detail` says which. */
export const SearchFullResponseSchema = SearchAnswerSchema.extend({
  detail: z.literal("full"),
  ...withActions,
});
export const SearchSummaryResponseSchema = z.object({
  mode: z.enum(SEARCH_MODES),
  detail: z.literal("summary"),
  results: z.array(SearchSummarySchema),
  intents: compactIntents(SearchSummarySchema),
  ...withActions,
});
export const SearchNamesResponseSchema = z.object({
  mode: z.enum(SEARCH_MODES),
  detail: z.literal("names"),
  results: z.array(SearchNameSchema),
  intents: compactIntents(SearchNameSchema),
  ...withActions,
});
export const SearchResponseSchema = z.union([
  SearchFullResponseSchema,
  SearchSummaryResponseSchema,
  SearchNamesResponseSchema,
]);
export type SearchFullResponse = z.infer<typeof SearchFullResponseSchema>;
export type SearchSummaryResponse = z.infer<typeof SearchSummaryResponseSchema>;
export type SearchNamesResponse = z.infer<typeof SearchNamesResponseSchema>;
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
