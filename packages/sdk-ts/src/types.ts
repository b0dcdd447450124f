import type { operations } from "./generated/openapi.js";

/** The JSON body an operation answers with `status` (from the service's OpenAPI document). */
export type ResponseBody<O extends keyof operations, S extends number = 200> =
  operations[O]["responses"] extends Record<S, { content: infer C }> ? C[keyof C] : never;

/** An operation's query parameters, as the API names them. */
export type QueryOf<O extends keyof operations> = NonNullable<operations[O]["parameters"]["query"]>;

// One name per body an application imports: the aliases below repeat one pattern on purpose, each
// naming another operation's answer.
export type Health = ResponseBody<"health">;
/** GET /v1/search at each detail level (`detail`: full by default, summary, names). */
export type SearchResponse = Extract<ResponseBody<"searchServers">, { detail: "full" }>;
export type SearchSummaryResponse = Extract<ResponseBody<"searchServers">, { detail: "summary" }>;
export type SearchNamesResponse = Extract<ResponseBody<"searchServers">, { detail: "names" }>;
export type SearchResult = SearchResponse["results"][number];
/** One intent of a search and its best servers (present when a search answered several). */
export type IntentAnswer = NonNullable<SearchResponse["intents"]>[number];
export type CategoriesBody = ResponseBody<"listCategories">;
export type ViewsBody = ResponseBody<"listViews">;
export type ViewExportBody = ResponseBody<"exportView">;
export type ServerDescriptor = ResponseBody<"getServer">;
export type ToolListBody = ResponseBody<"listServerTools">;
export type ToolEntry = ToolListBody["tools"][number];
export type ToolHistoryBody = ResponseBody<"getToolHistory">;
export type ConnectionBody = ResponseBody<"getConnection">;
export type QualityBody = ResponseBody<"getQuality">;
export type DependenciesBody = ResponseBody<"getDependencies">;
export type CheckBody = ResponseBody<"getCheck">;
export type NextAction = ServerDescriptor["next_actions"][number];
export type ConnectionTarget = NonNullable<QueryOf<"getConnection">["target"]>;

/** The official registry API's list envelope and one entry, as /v0.1 serves them. */
export type RegistryList = ResponseBody<"registryListServers">;
export type RegistryEntry = ResponseBody<"registryServerVersion">;

/** The query of GET /v0.1/servers (`registryServers`), as the official registry API names it. */
export type RegistryListOptions = {
  cursor?: string;
  limit?: number;
  search?: string;
  updated_since?: string;
  version?: "latest";
  include_deleted?: boolean;
};

/** Search filters; lists are arrays here and comma lists on the wire. */
export type SearchFilters = {
  class?: string[];
  transport?: NonNullable<QueryOf<"searchServers">["transport"]>;
  category?: NonNullable<QueryOf<"searchServers">["category"]>;
  min_trust?: number;
  flags?: string[];
  exclude_flags?: string[];
};
