import type {
  CategoriesBody,
  CheckBody,
  ConnectionBody,
  ConnectionTarget,
  DependenciesBody,
  Health,
  QualityBody,
  RegistryEntry,
  RegistryList,
  SearchFilters,
  SearchNamesResponse,
  SearchResponse,
  SearchSummaryResponse,
  ServerDescriptor,
  ToolEntry,
  ToolHistoryBody,
  ToolListBody,
  ViewExportBody,
  ViewsBody,
} from "./types.js";
import { CheckTimeoutError } from "./errors.js";
import { Transport, type ClientOptions } from "./transport.js";

export type RegistryListOptions = {
  cursor?: string;
  limit?: number;
  search?: string;
  updated_since?: string;
  version?: "latest";
  include_deleted?: boolean;
};

/** Search filters as the API names them, with the agent's own steps (`intents`) and the limit. */
export type SearchOptions = SearchFilters & { limit?: number; intents?: string[] };

/** The longest a single request may hold for a check result (the API's maximum `wait`). */
const MAX_WAIT_SECONDS = 25;

/** A server name in a path: its slash sent as %2F, so a name is never split into segments. */
const segment = (value: string) => encodeURIComponent(value);

/** Typed client of the catalog's REST API, one method per endpoint. */
export class CatalogClient {
  private readonly http: Transport;

  constructor(options: ClientOptions = {}) {
    this.http = new Transport(options);
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** Whether requests carry an API key (from the option or SERVICE_API_KEY). */
  get sendsKey(): boolean {
    return this.http.sendsKey;
  }

  /**
   * GET /v1/search: servers for an intent in plain words, trust-ranked, grouped by server. With
   * `intents` (the task's steps) each step is answered on its own under `intents` as well; `q`
   * may then be undefined. `detail` "summary" or "names" gives the short levels.
   */
  search(q: string | undefined, options?: SearchOptions & { detail?: "full" }): Promise<SearchResponse>;
  search(
    q: string | undefined,
    options: SearchOptions & { detail: "summary" },
  ): Promise<SearchSummaryResponse>;
  search(q: string | undefined, options: SearchOptions & { detail: "names" }): Promise<SearchNamesResponse>;
  search(
    q: string | undefined,
    options: SearchOptions & { detail?: "full" | "summary" | "names" } = {},
  ): Promise<SearchResponse | SearchSummaryResponse | SearchNamesResponse> {
    return this.http.request("GET", "/v1/search", { q, ...options });
  }

  /** GET /v1/servers/{name}: the descriptor; `schemas` adds tool input and output schemas. */
  getServer(name: string, options: { schemas?: boolean } = {}): Promise<ServerDescriptor> {
    return this.http.request("GET", `/v1/servers/${segment(name)}`, options);
  }

  /** GET /v1/servers/{name}/tools: one page of current tools, ordered by name. */
  listTools(name: string, options: { limit?: number; cursor?: string } = {}): Promise<ToolListBody> {
    return this.http.request("GET", `/v1/servers/${segment(name)}/tools`, options);
  }

  /** Every current tool of a server, following next_cursor page by page. */
  async *iterTools(name: string, options: { pageSize?: number } = {}): AsyncGenerator<ToolEntry> {
    let cursor: string | undefined;
    do {
      const page = await this.listTools(name, { limit: options.pageSize, cursor });
      yield* page.tools;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  /** GET /v1/servers/{name}/tools/history: tool-definition changes, newest first. */
  getToolHistory(name: string, options: { limit?: number; before?: string } = {}): Promise<ToolHistoryBody> {
    return this.http.request("GET", `/v1/servers/${segment(name)}/tools/history`, options);
  }

  /** GET /v1/servers/{name}/connection: a ready-to-use client config (default target mcpServers). */
  getConnection(name: string, options: { target?: ConnectionTarget } = {}): Promise<ConnectionBody> {
    return this.http.request("GET", `/v1/servers/${segment(name)}/connection`, options);
  }

  /** GET /v1/servers/{name}/quality: the quality block with `days` of daily history. */
  getQuality(name: string, options: { days?: number } = {}): Promise<QualityBody> {
    return this.http.request("GET", `/v1/servers/${segment(name)}/quality`, options);
  }

  /** GET /v1/servers/{name}/dependencies: npm and PyPI dependency and advisory report. */
  getDependencies(name: string): Promise<DependenciesBody> {
    return this.http.request("GET", `/v1/servers/${segment(name)}/dependencies`);
  }

  /** GET /v1/categories: the category taxonomy. */
  listCategories(): Promise<CategoriesBody> {
    return this.http.request("GET", "/v1/categories");
  }

  /** GET /v1/views: the registry views, their rules and how many servers each holds. */
  listViews(): Promise<ViewsBody> {
    return this.http.request("GET", "/v1/views");
  }

  /**
   * GET /v1/views/{view}/export/{client}: a view as the allow-list file the client enforces
   * (Claude Code's managed settings, Gemini CLI's system settings, VS Code's registry policies).
   */
  exportView(view: string, client: "claude-code" | "gemini" | "vscode"): Promise<ViewExportBody> {
    return this.http.request("GET", `/v1/views/${encodeURIComponent(view)}/export/${client}`);
  }

  /** POST /v1/check: starts probing a remote MCP URL, holding up to `wait` (0..25) seconds. */
  startCheck(url: string, options: { wait?: number } = {}): Promise<CheckBody> {
    return this.http.request("POST", "/v1/check", options, { url });
  }

  /** GET /v1/check/{id}: reads a check, holding up to `wait` seconds for it to finish. */
  getCheck(id: string, options: { wait?: number } = {}): Promise<CheckBody> {
    return this.http.request("GET", `/v1/check/${segment(id)}`, options);
  }

  /** Polls a check (an id, or the body startCheck returned) until done or `timeoutMs` passes. */
  async waitForCheck(check: string | CheckBody, options: { timeoutMs?: number } = {}): Promise<CheckBody> {
    const deadline = Date.now() + (options.timeoutMs ?? 120_000);
    let body = typeof check === "string" ? await this.getCheck(check) : check;
    while (body.status !== "done") {
      const left = Math.floor((deadline - Date.now()) / 1000);
      if (left <= 0) throw new CheckTimeoutError(body);
      body = await this.getCheck(body.id, { wait: Math.min(MAX_WAIT_SECONDS, left) });
    }
    return body;
  }

  /** Starts a check and waits for its result. */
  async check(url: string, options: { timeoutMs?: number } = {}): Promise<CheckBody> {
    const timeoutMs = options.timeoutMs ?? 120_000;
    const started = await this.startCheck(url, {
      wait: Math.min(MAX_WAIT_SECONDS, Math.floor(timeoutMs / 1000)),
    });
    return this.waitForCheck(started, { timeoutMs });
  }

  /** GET /healthz. */
  health(): Promise<Health> {
    return this.http.request("GET", "/healthz");
  }

  /** GET /v0.1/servers: the official registry read API, served from the mirror. */
  registryServers(options: RegistryListOptions = {}): Promise<RegistryList> {
    return this.http.request("GET", "/v0.1/servers", options);
  }

  /** GET /v0.1/servers/{name}/versions: every version, oldest first. */
  registryVersions(name: string, options: { include_deleted?: boolean } = {}): Promise<RegistryList> {
    return this.http.request("GET", `/v0.1/servers/${segment(name)}/versions`, options);
  }

  /** GET /v0.1/servers/{name}/versions/{version}; `latest` selects the newest. */
  registryVersion(name: string, version = "latest"): Promise<RegistryEntry> {
    return this.http.request("GET", `/v0.1/servers/${segment(name)}/versions/${segment(version)}`);
  }
}
