import type {
  CheckBody,
  SearchFilters,
  SearchNamesResponse,
  SearchResponse,
  SearchSummaryResponse,
  ToolEntry,
} from "./types.js";
import { CheckTimeoutError } from "./errors.js";
import { GeneratedClient } from "./generated/operations.js";
import { Transport, type ClientOptions } from "./transport.js";

/** Search filters as the API names them, with the agent's own steps (`intents`) and the limit. */
export type SearchOptions = SearchFilters & { limit?: number; intents?: string[] };

/** The longest a single request may hold for a check result (the API's maximum `wait`). */
const MAX_WAIT_SECONDS = 25;

/**
 * Typed client of the catalog's REST API, one method per endpoint. The methods are generated from
 * the operations' declarations (generated/operations.ts, `pnpm run methods`); written here are the
 * transport, `search` (its answer typed by `detail`) and the helpers built on the methods.
 */
export class CatalogClient extends GeneratedClient {
  protected readonly http: Transport;

  constructor(options: ClientOptions = {}) {
    super();
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

  /** Every current tool of a server, following next_cursor page by page. */
  async *iterTools(name: string, options: { pageSize?: number } = {}): AsyncGenerator<ToolEntry> {
    let cursor: string | undefined;
    do {
      const page = await this.listTools(name, { limit: options.pageSize, cursor });
      yield* page.tools;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
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
}
