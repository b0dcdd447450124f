import { SearchQuerySchema, SearchResponseSchema } from "../search.js";
import { CategoriesBodySchema } from "../servers.js";
import { ViewExportBodySchema, ViewsBodySchema } from "../views.js";
import { ERRORS } from "./errors.js";
import { operation } from "./operation.js";

const common = { method: "get", tag: "Search", limit: "api", access: "public" } as const;

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
    // service, is what search_unavailable names.
    503: ERRORS.unavailable,
  },
  cache: "public, max-age=60, stale-while-revalidate=120",
  usage: "search",
  mcp: "search",
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
