import { DnsError, findPolicyError } from "@catalog/url-policy";
import type { ProbeOutcome } from "@catalog/contracts";

export type Verdict = { outcome: ProbeOutcome; detail: string };

const DNS = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NONAME", "ENODATA"]);
const REFUSED = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "UND_ERR_SOCKET",
]);
const TIMEOUT = new Set([
  "ETIMEDOUT",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);
const TLS =
  /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH|EPROTO)/;

/** Every error in a cause chain, AggregateError members included. */
function chain(err: unknown): unknown[] {
  const out: unknown[] = [];
  const queue = [err];
  while (queue.length && out.length < 20) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || out.includes(e)) continue;
    out.push(e);
    queue.push((e as { cause?: unknown }).cause);
    if (e instanceof AggregateError) queue.push(...(e.errors as unknown[]));
  }
  return out;
}

/**
 * Names a failure that happened before any HTTP answer: DNS, refused connection, TLS, timeout,
 * or the URL policy (a redirect or an address the prober will not connect to). Undefined when
 * the error carries none of these (an HTTP-level failure the caller judges from statuses).
 */
export function classifyNetworkError(err: unknown, redirected: boolean): Verdict | undefined {
  const policy = findPolicyError(err);
  if (policy) {
    if (policy.code === "too_many_redirects" || policy.code === "body_too_large") {
      return { outcome: "http_error", detail: policy.reason };
    }
    return redirected
      ? {
          outcome: "http_error",
          detail: `The server redirected to a target the prober refuses: ${policy.reason}`,
        }
      : { outcome: "refused", detail: policy.reason };
  }
  for (const e of chain(err)) {
    if (e instanceof DnsError)
      return { outcome: "dns_error", detail: `${e.hostname} does not resolve (${e.code}).` };
    const raw = (e as { code?: unknown }).code;
    const code = typeof raw === "string" ? raw : "";
    const message = (e as Error).message ?? "";
    if (DNS.has(code)) return { outcome: "dns_error", detail: `The host does not resolve (${code}).` };
    if (REFUSED.has(code))
      return { outcome: "refused", detail: `The connection was refused or reset (${code}).` };
    if (TIMEOUT.has(code) || (e as Error).name === "TimeoutError") {
      return { outcome: "timeout", detail: "The server did not answer in time." };
    }
    if (TLS.test(code)) return { outcome: "tls_error", detail: `TLS failed: ${message || code}.` };
  }
  return undefined;
}
