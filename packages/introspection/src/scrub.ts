import { PLACEHOLDER_VALUE } from "./placeholders.js";

const STDERR_LIMITS = { lines: 20, lineLength: 300 };

/** Escape sequences and control characters a terminal would act on. */
// eslint-disable-next-line no-control-regex
const CONTROL = /\u001b\[[0-9;?]{0,32}[A-Za-z]|[\u0000-\u0008\u000b-\u001f\u007f]/g;
/** `key=value` and `key: value` pairs whose key says the value is secret. */
const SECRET_PAIR =
  /\b(api[_-]?key|token|secret|password|passwd|authorization|auth)(["']?\s{0,3}[:=]\s{0,3}["']?)(?!<placeholder>)[^\s"',;]+/gi;
const BEARER = /\b(?:bearer|basic)\s{1,3}[A-Za-z0-9._~+/=-]+/gi;
/** Long unbroken runs of token characters: keys, hashes (hyphens excluded: package names). */
const TOKEN_LIKE = /\b[A-Za-z0-9_]{32,}\b/g;

/**
 * The last lines of a server's standard error, fit to keep and show: bounded in count and length,
 * control characters removed, secret-looking values and the placeholder value masked.
 */
export function scrubLines(lines: string[], limits = STDERR_LIMITS): string[] {
  return lines
    .map((line) => line.replace(CONTROL, "").trim())
    .filter((line) => line !== "")
    .slice(-limits.lines)
    .map((line) =>
      line
        .slice(0, limits.lineLength * 2)
        .replaceAll(PLACEHOLDER_VALUE, "<placeholder>")
        .replace(BEARER, "***")
        .replace(SECRET_PAIR, "$1$2***")
        .replace(TOKEN_LIKE, "***")
        .slice(0, limits.lineLength),
    );
}
