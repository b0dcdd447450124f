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
  const unfit = unfitCharacter(text);
  if (unfit) throw new UrlPolicyError("malformed", unfit);
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

/**
 * Why the text cannot be a URL someone meant, or null: a control character (C0 or DEL: the
 * parser would silently drop tabs and line breaks, and PostgreSQL text cannot hold U+0000) or a
 * lone UTF-16 surrogate (no character at all). Surrounding white space is trimmed before this.
 */
function unfitCharacter(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) {
      const code = c.toString(16).toUpperCase().padStart(4, "0");
      return `The URL contains the control character U+${code} at position ${i + 1}; remove it.`;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
      else return `The URL contains an unpaired surrogate at position ${i + 1}; it is not valid text.`;
    }
  }
  return null;
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
