import { CatalogApiError, RateLimitedError } from "./errors.js";

export type ClientOptions = {
  /** Default: SERVICE_BASE_URL, else http://localhost:8080. */
  baseUrl?: string;
  /**
   * A `svc_` key. Omitted (undefined): the environment variable SERVICE_API_KEY. An explicit value
   * overrides it; an empty string sends no key at all.
   */
  apiKey?: string;
  /**
   * 429s and 503s (the service's PostgreSQL or Redis away) are retried this many times after
   * their retry-after (default 3)...
   */
  maxRetries?: number;
  /** ...unless the wait is longer than this (default 60 s): a used-up daily quota fails at once. */
  maxRetryWaitSeconds?: number;
  timeoutMs?: number;
  /** Sees every response (status and headers), retried ones included: logging, metrics, quotas. */
  onResponse?: (response: { status: number; headers: Headers; url: string }) => void;
  fetch?: typeof fetch;
  /** How to wait before a retry (tests observe it). */
  sleep?: (ms: number) => Promise<void>;
};

export type Query = Record<string, string | number | boolean | readonly string[] | undefined>;

function environment(name: string): string | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
}

/** Seconds from a retry-after header: delta-seconds or an HTTP date. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

/** Statuses that say "wait retry-after seconds and try again". */
const RETRYABLE = new Set([429, 503]);

/** HTTP with the key rules, JSON bodies, typed errors and retries of 429 and 503. */
export class Transport {
  readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly options: ClientOptions;

  constructor(options: ClientOptions = {}) {
    this.options = options;
    this.baseUrl = (options.baseUrl ?? environment("SERVICE_BASE_URL") ?? "http://localhost:8080").replace(
      /\/+$/,
      "",
    );
    this.apiKey = options.apiKey ?? environment("SERVICE_API_KEY") ?? "";
  }

  get sendsKey(): boolean {
    return this.apiKey !== "";
  }

  async request<T>(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    query: Query = {},
    body?: unknown,
  ): Promise<T> {
    const url = new URL(this.baseUrl + path);
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      // Repeated (`intents=a&intents=b`): an intent may hold commas; the API reads lists either way.
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
    }
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.apiKey) headers["x-api-key"] = this.apiKey;
    const { maxRetries = 3, maxRetryWaitSeconds = 60, timeoutMs = 60_000 } = this.options;
    const doFetch = this.options.fetch ?? fetch;
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    for (let attempt = 0; ; attempt++) {
      const response = await doFetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      this.options.onResponse?.({ status: response.status, headers: response.headers, url: url.href });
      const payload = await readJson(response);
      if (response.ok) return payload as T;
      if (!RETRYABLE.has(response.status))
        throw new CatalogApiError(response.status, payload, response.headers);
      const wait = retryAfterSeconds(response.headers.get("retry-after"));
      if (attempt >= maxRetries || wait === undefined || wait > maxRetryWaitSeconds) {
        if (response.status === 429)
          throw new RateLimitedError(response.status, payload, response.headers, wait);
        throw new CatalogApiError(response.status, payload, response.headers);
      }
      await sleep(wait * 1000);
    }
  }
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (text === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : { value };
  } catch {
    return { error: "invalid_response", text: text.slice(0, 200) };
  }
}
