import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { listEntries, parseRegistryEntries, type ListQuery, type RegistryEntry } from "@catalog/registry";

/** An entry of a page that does not parse as a registry entry: skipped, and reported. */
export type InvalidEntry = { name?: string; version?: string; problem: string };

/**
 * One page of the list API. `invalid` are the page's entries that failed validation: the mirror
 * skips and reports them and goes on with the rest (one bad upstream entry must not stop it).
 */
export type RegistryPage = {
  entries: RegistryEntry[];
  nextCursor: string | undefined;
  invalid?: InvalidEntry[];
};

/** Where the mirror reads the registry from: the same list API, over HTTP or from a file. */
export interface RegistrySource {
  readonly description: string;
  list(query: ListQuery): Promise<RegistryPage>;
}

/** The upstream could not be reached at all (DNS, refused, TLS, timeout), as opposed to answering badly. */
export class RegistryUnreachableError extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The official registry's /v0.1 list API, paged by cursor, at most one request per
 * `minIntervalMs` (upstream asks for about 1 per second), retrying 429 and 5xx with backoff.
 */
class HttpRegistrySource implements RegistrySource {
  private lastRequestAt = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly options: { minIntervalMs: number; timeoutMs: number; retries?: number },
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  get description(): string {
    return this.baseUrl;
  }

  async list(query: ListQuery): Promise<RegistryPage> {
    const url = new URL("/v0.1/servers", this.baseUrl);
    url.searchParams.set("limit", String(query.limit));
    if (query.cursor) url.searchParams.set("cursor", query.cursor);
    if (query.updatedSince) url.searchParams.set("updated_since", query.updatedSince.toISOString());
    if (query.includeDeleted) url.searchParams.set("include_deleted", "true");
    const body = (await this.getJson(url)) as { servers?: unknown; metadata?: { nextCursor?: unknown } };
    const items = Array.isArray(body?.servers) ? (body.servers as unknown[]) : [];
    const { entries, invalid } = splitEntries(items);
    // The cursor moves on past invalid entries too: a page of nothing but bad entries is not the
    // end. An empty page, or a cursor that does not move, is (it would loop for ever).
    const next = typeof body?.metadata?.nextCursor === "string" ? body.metadata.nextCursor : undefined;
    const moved = next && next !== query.cursor ? next : undefined;
    return { entries, invalid, nextCursor: items.length ? moved : undefined };
  }

  private async getJson(url: URL): Promise<unknown> {
    const retries = this.options.retries ?? 5;
    for (let attempt = 0; ; attempt++) {
      await this.throttle();
      let response: Response;
      try {
        response = await this.fetchImpl(url, {
          headers: { accept: "application/json", "user-agent": "mcp-server-catalog-mirror" },
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
      } catch (err) {
        if (attempt >= retries) throw new RegistryUnreachableError(`${url.host}: ${(err as Error).message}`);
        await sleep(backoff(attempt));
        continue;
      }
      if (response.ok) return response.json();
      const retryable = response.status === 429 || response.status >= 500;
      if (!retryable || attempt >= retries) {
        throw new Error(`upstream answered ${response.status} for ${url.pathname}${url.search}`);
      }
      const retryAfter = Number(response.headers.get("retry-after"));
      await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : backoff(attempt));
    }
  }

  private async throttle(): Promise<void> {
    const wait = this.lastRequestAt + this.options.minIntervalMs - Date.now();
    if (wait > 0) await sleep(wait);
    this.lastRequestAt = Date.now();
  }
}

function backoff(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** attempt);
}

/** Validates each item on its own, so that one bad entry is reported with its name and the rest kept. */
export function splitEntries(items: readonly unknown[]): {
  entries: RegistryEntry[];
  invalid: InvalidEntry[];
} {
  const entries: RegistryEntry[] = [];
  const invalid: InvalidEntry[] = [];
  for (const item of items) {
    const parsed = parseRegistryEntries([item]);
    if (parsed.entries.length) entries.push(...parsed.entries);
    else invalid.push({ ...identify(item), problem: (parsed.invalid[0] ?? "invalid").replace(/^#0: /, "") });
  }
  return { entries, invalid };
}

/** The entries of a snapshot file: a JSON array (with or without a byte-order mark) or `{servers: [...]}`. */
function registryItems(text: string): unknown[] {
  const data: unknown = JSON.parse(text.replace(/^\uFEFF/, ""));
  const items = Array.isArray(data) ? data : (data as { servers?: unknown } | null)?.servers;
  if (!Array.isArray(items))
    throw new Error("not a registry document: expected an array or {servers: [...]}");
  return items as unknown[];
}

/** The name and version of an entry that failed validation, as far as they can be read. */
function identify(item: unknown): { name?: string; version?: string } {
  const server = (item as { server?: { name?: unknown; version?: unknown } } | null)?.server;
  const text = (v: unknown) => (typeof v === "string" ? v.slice(0, 200) : undefined);
  const name = text(server?.name);
  const version = text(server?.version);
  return { ...(name !== undefined && { name }), ...(version !== undefined && { version }) };
}

/**
 * A registry snapshot file served with the same list semantics as the API. Its invalid
 * entries (they have no place in the listing order) are reported with the first page.
 */
export class FileRegistrySource implements RegistrySource {
  private cache: { mtimeMs: number; entries: RegistryEntry[]; invalid: InvalidEntry[] } | undefined;

  private readonly path: string;

  constructor(file: string) {
    this.path = resolve(file);
  }

  get description(): string {
    return `file://${this.path}`;
  }

  async list(query: ListQuery): Promise<RegistryPage> {
    const { entries, invalid } = await this.load();
    const page = listEntries(entries, query);
    return query.cursor || !invalid.length ? page : { ...page, invalid };
  }

  private async load(): Promise<{ entries: RegistryEntry[]; invalid: InvalidEntry[] }> {
    const { mtimeMs } = await stat(this.path);
    if (this.cache?.mtimeMs !== mtimeMs) {
      const items = registryItems(await readFile(this.path, "utf8"));
      this.cache = { mtimeMs, ...splitEntries(items) };
    }
    return this.cache;
  }
}

/**
 * The live registry, or the snapshot when the registry cannot be reached at the start of a run.
 * Cursors have the same form in both, so a run can continue on either.
 */
export class FallbackRegistrySource implements RegistrySource {
  private useFallback = false;

  constructor(
    private readonly primary: RegistrySource,
    private readonly fallback: RegistrySource,
    private readonly onFallback: (err: Error) => void,
  ) {}

  get description(): string {
    return this.useFallback ? this.fallback.description : this.primary.description;
  }

  /** Called at the start of every run: try the live registry again. */
  reset(): void {
    this.useFallback = false;
  }

  async list(query: ListQuery): Promise<RegistryPage> {
    if (this.useFallback) return this.fallback.list(query);
    try {
      return await this.primary.list(query);
    } catch (err) {
      if (!(err instanceof RegistryUnreachableError)) throw err;
      this.onFallback(err);
      this.useFallback = true;
      return this.fallback.list(query);
    }
  }
}

export type SourceSettings = {
  REGISTRY_URL: string;
  REGISTRY_SNAPSHOT?: string | undefined;
  REGISTRY_MIN_INTERVAL_MS: number;
  REGISTRY_TIMEOUT_MS: number;
};

export function createRegistrySource(
  config: SourceSettings,
  onFallback: (err: Error) => void,
): RegistrySource {
  if (config.REGISTRY_URL.startsWith("file:"))
    return new FileRegistrySource(fileURLToPath(config.REGISTRY_URL));
  const http = new HttpRegistrySource(config.REGISTRY_URL, {
    minIntervalMs: config.REGISTRY_MIN_INTERVAL_MS,
    timeoutMs: config.REGISTRY_TIMEOUT_MS,
    // With a snapshot to fall back on, an unreachable registry is not worth a minute of retries.
    retries: config.REGISTRY_SNAPSHOT ? 1 : 5,
  });
  if (!config.REGISTRY_SNAPSHOT) return http;
  return new FallbackRegistrySource(http, new FileRegistrySource(config.REGISTRY_SNAPSHOT), onFallback);
}
