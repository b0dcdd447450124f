/** Server names: reverse-DNS namespace, one slash, name (the registry's own pattern). */
export const SERVER_NAME_PATTERN = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

export function isServerName(value: string): boolean {
  return value.length >= 3 && value.length <= 200 && SERVER_NAME_PATTERN.test(value);
}

export function namespaceOf(name: string): string {
  return name.slice(0, name.indexOf("/"));
}

/** The config key clients use for a server: the last segment of its name. */
export function serverKey(name: string): string {
  return name.slice(name.lastIndexOf("/") + 1);
}

/** Words that say nothing of which server a key names (`mcp`, `mcp-server`, `server`). */
const GENERIC_WORDS = new Set(
  "mcp server servers model context protocol modelcontextprotocol template remote local main app api official stdio http sse streamable service".split(
    " ",
  ),
);

/** A key made only of generic words, so that many servers share it and installs clash. */
export function isGenericKey(key: string): boolean {
  return key
    .toLowerCase()
    .split(/[-_.]+/)
    .every((word) => word === "" || GENERIC_WORDS.has(word));
}

/**
 * A unique name to install a server under when its key is generic: the namespace's most
 * specific label that is not generic itself, the owner, then the key (`io.github.cloudquery/mcp` -> `cloudquery-mcp`,
 * `com.stripe/mcp` -> `stripe-mcp`), or the label alone when it holds the key already
 * (`live.alpic.mcp-server-6283dc54/mcp-server` -> `mcp-server-6283dc54`). Null when the key
 * tells servers apart on its own.
 */
export function installName(name: string): string | null {
  const key = serverKey(name);
  if (!isGenericKey(key)) return null;
  const labels = namespaceOf(name).toLowerCase().split(".");
  const owner = labels.findLast((label) => !isGenericKey(label)) ?? labels.join("-");
  const install = owner.includes(key.toLowerCase()) ? owner : `${owner}-${key}`;
  return install.toLowerCase().replace(/[^a-z0-9_-]+/g, "-");
}

/** Control characters: no name or version holds one, and PostgreSQL refuses U+0000 in text. */
const CONTROL = /\p{Cc}/u;

/** A path segment percent-decoded; null when its encoding is broken or it holds control characters. */
export function decodePathSegment(segment: string): string | null {
  try {
    const decoded = decodeURIComponent(segment);
    return CONTROL.test(decoded) ? null : decoded;
  } catch {
    return null;
  }
}

/**
 * Splits a request path below a server resource into the server name and the rest. The name's
 * slash may be literal or encoded as %2F. Returns null when a segment is not valid
 * percent-encoding or decodes to control characters.
 */
export function splitNamePath(path: string): { name: string; rest: string[] } | null {
  const segments: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "") continue;
    const decoded = decodePathSegment(segment);
    if (decoded === null) return null;
    segments.push(decoded);
  }
  const [first = "", second, ...rest] = segments;
  if (first.includes("/") || second === undefined) return { name: first, rest: segments.slice(1) };
  return { name: `${first}/${second}`, rest };
}
