import { classifyAddress, describeRange, ipLiteral } from "./address.js";
import { UrlPolicyError } from "./errors.js";

export type PolicyOptions = {
  /**
   * Test only: allows http:// and loopback targets. Production never enables it (the services
   * refuse to start with it when NODE_ENV is production).
   */
  testMode?: boolean;
};

export const MAX_URL_LENGTH = 2048;

/** Host names that lead to the machine itself or to a cloud provider's metadata service. */
const BLOCKED_NAMES = [/^localhost$/, /\.localhost$/, /^metadata\.google\.internal$/, /^metadata\.goog$/];

/**
 * Checks everything about a URL that needs no DNS: scheme, https, credentials, the host's form
 * and IP literals (the WHATWG parser already turns decimal, octal and hex IPv4 forms into
 * dotted quads, so `http://2130706433/` arrives here as 127.0.0.1). Returns the parsed URL
 * without its fragment.
 */
export function checkUrl(raw: string | URL, options: PolicyOptions = {}): URL {
  const text = String(raw).trim();
  if (text.length > MAX_URL_LENGTH) {
    throw new UrlPolicyError("malformed", `The URL is longer than ${MAX_URL_LENGTH} characters.`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UrlPolicyError("malformed", "The URL cannot be parsed; give an absolute http(s) URL.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new UrlPolicyError("scheme", `Only https URLs can be checked, not ${url.protocol.slice(0, -1)}.`);
  }
  if (url.username || url.password) {
    throw new UrlPolicyError("credentials", "The URL must not carry a user name or password.");
  }
  checkHost(url.hostname, options);
  if (url.protocol === "http:" && !options.testMode) {
    throw new UrlPolicyError("https_required", "Only https URLs can be checked.");
  }
  url.hash = "";
  return url;
}

function checkHost(hostname: string, options: PolicyOptions): void {
  const literal = ipLiteral(hostname);
  if (literal) {
    const verdict = classifyAddress(literal, { allowLoopback: options.testMode });
    if (!verdict.allowed) {
      throw new UrlPolicyError(
        "non_public_address",
        `The host ${hostname} is ${describeRange(verdict.range)}; only public addresses can be checked.`,
      );
    }
    return;
  }
  const name = hostname.replace(/\.$/, "");
  if (options.testMode && name === "localhost") return;
  if (BLOCKED_NAMES.some((re) => re.test(name))) {
    throw new UrlPolicyError("blocked_host", `The host ${hostname} is not a public host.`);
  }
  if (!name.includes(".")) {
    throw new UrlPolicyError("blocked_host", `The host ${hostname} is not a public domain name.`);
  }
}

/** The URL as checks compare it: parsed form (lower-case scheme and host, no default port), no fragment. */
export function normalizeUrl(raw: string | URL, options: PolicyOptions = {}): string {
  return checkUrl(raw, options).toString();
}

/** The policy a service runs with; test mode never in production. */
export function policyFromSettings(testMode: boolean, nodeEnv: string): PolicyOptions {
  if (testMode && nodeEnv === "production") {
    throw new Error("URL_POLICY_TEST_MODE must not be enabled when NODE_ENV is production");
  }
  return { testMode };
}
