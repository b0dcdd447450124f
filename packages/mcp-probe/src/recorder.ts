import type { Exchange, FetchObserver, Redirect, SafeFetch, SafeHttp } from "@catalog/url-policy";

/**
 * What one leg of a probe saw on the wire: every answer, every redirect taken and every
 * request that failed before an answer. Outcomes are read from here rather than from the SDK's
 * error wrapping, which differs between transports and versions.
 */
export class Recorder {
  readonly exchanges: Exchange[] = [];
  readonly redirects: Redirect[] = [];
  readonly failures: { url: string; error: unknown }[] = [];

  /** A fetch through the safe client that records here and stops at the probe's deadline. */
  fetch(http: SafeHttp, deadline: AbortSignal): SafeFetch {
    const observer: FetchObserver = {
      onResponse: (e) => this.exchanges.push(e),
      onRedirect: (r) => this.redirects.push(r),
      onError: (url, error) => this.failures.push({ url, error }),
    };
    return (input, init = {}) =>
      http.fetch(
        input,
        { ...init, signal: init.signal ? AbortSignal.any([init.signal, deadline]) : deadline },
        observer,
      );
  }

  /** The last answer that was not a redirect. */
  lastAnswer(): Exchange | undefined {
    return this.exchanges.findLast((e) => e.status < 300 || e.status >= 400);
  }

  /** The first 401, whose challenge starts OAuth discovery. */
  unauthorized(): Exchange | undefined {
    return this.exchanges.find((e) => e.status === 401);
  }
}
