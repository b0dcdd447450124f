import type { LookupFunction } from "node:net";
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from "undici";
import { UrlPolicyError } from "./errors.js";
import { resolvePublic, systemResolver, type Resolver } from "./resolve.js";
import { checkUrl, type PolicyOptions } from "./url.js";

export const MAX_REDIRECTS = 5;

export type Exchange = { method: string; url: string; status: number; headers: Headers; ms: number };
export type Redirect = { from: string; to: string; status: number };

/** Sees every hop of a request: what answered, where it was sent next, what failed. */
export type FetchObserver = {
  onResponse?: (exchange: Exchange) => void;
  onRedirect?: (redirect: Redirect) => void;
  onError?: (url: string, err: unknown) => void;
};

export type SafeHttpOptions = PolicyOptions & {
  resolver?: Resolver;
  maxRedirects?: number;
  /** Bytes of one response body before reading it fails. */
  maxBodyBytes?: number;
  connectTimeoutMs?: number;
};

export type SafeFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * HTTP for untrusted URLs. Every connection resolves its host through the policy and connects
 * only to the addresses that were checked (the agent's lookup), so DNS rebinding between a
 * check and the connection cannot reach a private address; IP literals are checked before
 * each request; redirects are followed by hand (at most five), each hop checked again;
 * response bodies are capped.
 */
export class SafeHttp {
  private readonly agent: Agent;
  private readonly maxRedirects: number;
  private readonly maxBodyBytes: number;

  constructor(private readonly options: SafeHttpOptions = {}) {
    const resolver = options.resolver ?? systemResolver;
    const allowLoopback = Boolean(options.testMode);
    const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
      resolvePublic(hostname, resolver, { allowLoopback }).then(
        (addresses) => {
          const first = addresses[0]!;
          if (lookupOptions.all) callback(null, addresses);
          else callback(null, first.address, first.family);
        },
        (err: NodeJS.ErrnoException) => callback(err, ""),
      );
    };
    this.agent = new Agent({
      connect: { lookup, timeout: options.connectTimeoutMs ?? 10_000 },
      keepAliveTimeout: 4_000,
    });
    this.maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
    this.maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  }

  /** A fetch bound to one observer, for code (like an SDK transport) that takes a plain fetch. */
  bind(observer: FetchObserver = {}): SafeFetch {
    return (input, init) => this.fetch(input, init, observer);
  }

  async fetch(input: string | URL, init: RequestInit = {}, observer: FetchObserver = {}): Promise<Response> {
    let url = checkUrl(input, this.options);
    let method = (init.method ?? "GET").toUpperCase();
    let body = init.body;
    const headers = new Headers(init.headers);
    for (let hop = 0; ; hop++) {
      const started = performance.now();
      let res: Response;
      try {
        res = (await undiciFetch(url, {
          ...(init as UndiciRequestInit),
          method,
          body: body as UndiciRequestInit["body"],
          headers: headers as unknown as UndiciRequestInit["headers"],
          redirect: "manual",
          dispatcher: this.agent,
        })) as unknown as Response;
      } catch (err) {
        observer.onError?.(url.toString(), err);
        throw err;
      }
      const ms = Math.round(performance.now() - started);
      observer.onResponse?.({ method, url: url.toString(), status: res.status, headers: res.headers, ms });
      const location = res.headers.get("location");
      if (!REDIRECTS.has(res.status) || !location) return this.capped(res);
      await res.body?.cancel();
      if (hop >= this.maxRedirects) {
        throw new UrlPolicyError("too_many_redirects", `More than ${this.maxRedirects} redirects.`);
      }
      let next: URL;
      try {
        const target = new URL(location, url);
        observer.onRedirect?.({ from: url.toString(), to: target.toString(), status: res.status });
        next = checkUrl(target, this.options);
      } catch (err) {
        observer.onError?.(url.toString(), err);
        throw err;
      }
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
        method = method === "HEAD" ? "HEAD" : "GET";
        body = undefined;
        headers.delete("content-type");
      } else if (body instanceof ReadableStream) {
        throw new UrlPolicyError("malformed", "A streamed request body cannot follow a redirect.");
      }
      if (next.origin !== url.origin) headers.delete("authorization");
      url = next;
    }
  }

  /** The same response with a body that fails once it passes the cap. */
  private capped(res: Response): Response {
    if (!res.body || NULL_BODY.has(res.status)) return res;
    const limit = this.maxBodyBytes;
    let seen = 0;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) {
          controller.error(
            new UrlPolicyError("body_too_large", `The response is larger than ${limit} bytes.`),
          );
          return;
        }
        controller.enqueue(chunk);
      },
    });
    return new Response(res.body.pipeThrough(counter), {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
