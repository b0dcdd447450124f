import ky, { HTTPError, type KyInstance } from "ky";
import pThrottle from "p-throttle";

export type ClientOptions = {
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  /** At most one request per this many milliseconds (the API's published or polite rate). */
  minIntervalMs: number;
};

/**
 * JSON over HTTP for the dependency APIs: a timeout per request, retries with backoff on network
 * errors, 408, 429 and 5xx (honouring Retry-After), and a rate limit shared by every caller.
 */
export class JsonClient {
  private readonly http: KyInstance;

  constructor(options: ClientOptions, fetchImpl: typeof fetch = fetch) {
    const throttle = pThrottle({ limit: 1, interval: Math.max(1, options.minIntervalMs) });
    this.http = ky.create({
      prefixUrl: options.baseUrl,
      timeout: options.timeoutMs,
      retry: {
        limit: options.retries,
        methods: ["get", "post"],
        statusCodes: [408, 429, 500, 502, 503, 504],
        afterStatusCodes: [413, 429, 503],
        maxRetryAfter: 60_000,
        backoffLimit: 30_000,
      },
      headers: { accept: "application/json", "user-agent": "mcp-server-catalog-dependencies" },
      fetch: throttle((input: Parameters<typeof fetch>[0], init?: RequestInit) => fetchImpl(input, init)),
    });
  }

  /** The JSON body, or null for a 404. */
  async get(path: string): Promise<unknown> {
    try {
      return await this.http.get(path).json();
    } catch (err) {
      if (err instanceof HTTPError && err.response.status === 404) return null;
      throw err;
    }
  }

  async post(path: string, body: unknown): Promise<unknown> {
    return this.http.post(path, { json: body }).json();
  }
}
