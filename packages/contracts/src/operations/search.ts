import { z } from "zod";
import { compactSearch } from "../mcp-compact.js";
import {
  MAX_INTENTS,
  SearchFiltersSchema,
  SearchQuerySchema,
  SearchRequestSchema,
  SearchResponseSchema,
} from "../search.js";
import { CategoriesBodySchema } from "../servers.js";
import { ViewExportBodySchema, ViewsBodySchema } from "../views.js";
import { ERRORS } from "./errors.js";
import { operation } from "./operation.js";
import { fullArgument, READS_CATALOG, SEARCH_ANY_SERVER, sentValue } from "./twin.js";

const common = { method: "get", tag: "Search", limit: "api", access: "public" } as const;

/** The search tool's arguments: the query's, with arrays where it takes comma lists. */
const searchArguments = z
  .object({
    q: SearchRequestSchema.shape.q.describe(
      "The task or need in plain words (1 to 500 characters). May be left out when intents are given.",
    ),
    intents: SearchRequestSchema.shape.intents.describe(
      `The task's steps (1 to ${MAX_INTENTS}), one capability each; each is answered on its own under intents.`,
    ),
    detail: SearchQuerySchema.shape.detail.describe(
      "full (default), summary (name, one line, match: ten results in 2 KB) or names.",
    ),
    limit: SearchRequestSchema.shape.limit.describe("Results to return, 1 to 50."),
    class: SearchFiltersSchema.shape.class.describe(
      "Keep servers of these connection classes (R0, R1, R2, L0, unknown).",
    ),
    transport: SearchFiltersSchema.shape.transport.describe(
      "Keep servers with a fixed remote URL of this transport.",
    ),
    access: SearchFiltersSchema.shape.access.describe(
      "Keep servers with a probed remote of these access classes: open, late_gate (handshake open, " +
        "tools listed only after sign-in), hard_gate (sign-in before the handshake).",
    ),
    category: SearchFiltersSchema.shape.category.describe("Keep servers of this category id."),
    min_trust: SearchFiltersSchema.shape.min_trust.describe("Minimum trust score, 0 to 100."),
    flags: SearchFiltersSchema.shape.flags.describe(
      "Keep servers that carry every one of these trust flags.",
    ),
    exclude_flags: SearchFiltersSchema.shape.exclude_flags.describe(
      "Drop servers that carry any of these trust flags.",
    ),
    max_tokens: SearchFiltersSchema.shape.max_tokens.describe(
      "Keep servers whose tool definitions cost at most this many tokens in a model's context.",
    ),
    full: fullArgument,
  })
  .refine((a) => a.q !== undefined || a.intents !== undefined, {
    path: ["q"],
    error: "is required unless intents are given",
  });

export const searchServers = operation({
  ...common,
  id: "searchServers",
  path: "/v1/search",
  summary: "Search servers and their tools",
  description:
    "Hybrid search (keyword and meaning) over servers and their tools, trust-ranked and grouped by " +
    "server. A task in several steps is split into intents; filters apply before the limit.",
  query: SearchQuerySchema,
  responses: {
    200: { description: "The servers found, best first.", schema: SearchResponseSchema },
    400: ERRORS.badRequest,
    // Stated although every limited operation may answer it: search's own dependency, the search
    // service, is what search_unavailable names (its tool's result lists that code).
    503: ERRORS.unavailable,
  },
  cache: "public, max-age=60, stale-while-revalidate=120",
  usage: "search",
  mcp: {
    name: "search",
    title: "Search MCP servers",
    description:
      "Finds MCP servers for a task: keyword and semantic search over servers and their tools, " +
      "ranked by relevance and trust, one result per server with its matched tools, connection " +
      "class and the human steps to connect. For a task of several steps send them as `intents`, " +
      'one capability each in the words of what a tool does ("fetch a web page", "write a ' +
      'Markdown file"): each is answered on its own and `results` merges them. Needs the task ' +
      "implies (an output path, a URL, an address) are answered too. On a weak `match`, rephrase " +
      "rather than connect. Scan with detail: summary, then get_server the one you pick.",
    flow: "{q: the task in plain words}",
    annotations: READS_CATALOG,
    arguments: searchArguments,
    // Without the filters that did not validate.
    retry: (sent) => {
      const q = sentValue(searchArguments.shape.q, sent.q);
      return q === undefined ? SEARCH_ANY_SERVER : { action: "search", arguments: { q } };
    },
    compact: compactSearch,
  },
  sample: { query: { q: "weather forecast" } },
});

export const listCategories = operation({
  ...common,
  id: "listCategories",
  path: "/v1/categories",
  summary: "The category taxonomy",
  description: "Each category comes with the search that filters by it.",
  responses: { 200: { description: "Every category.", schema: CategoriesBodySchema } },
  cache: "public, max-age=3600, stale-while-revalidate=7200",
  usage: "other",
  sample: {},
});

export const listViews = operation({
  ...common,
  id: "listViews",
  path: "/v1/views",
  summary: "The registry views",
  description:
    "Named, filtered subsets of the catalog (built in, and an operator's own): each with its rules " +
    "(trust, flags, classes, reachability, advisories, owner, context cost, name patterns, pins) and " +
    "how many servers it holds now.",
  responses: { 200: { description: "Every view.", schema: ViewsBodySchema } },
  cache: "public, max-age=60, stale-while-revalidate=120",
  usage: "other",
  sample: {},
});

export const exportView = operation({
  ...common,
  id: "exportView",
  path: "/v1/views/{view}/export/{client}",
  summary: "A view as a client's allow-list",
  description:
    "The view as the file a client enforces: Claude Code's managed settings (`allowedMcpServers` " +
    "by URL and exact command), Gemini CLI's system settings (`mcp.allowed` by name), VS Code's " +
    "registry policies (the view's URL). `omitted` lists the view's servers the file cannot express.",
  responses: {
    200: { description: "The file and where it goes.", schema: ViewExportBodySchema },
    404: ERRORS.viewNotFound,
  },
  cache: "public, max-age=60, stale-while-revalidate=120",
  usage: "other",
});
