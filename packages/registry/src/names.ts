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

/** Control characters: no name or version holds one, and PostgreSQL refuses U+0000 in text. */
const CONTROL = /\p{Cc}/u;

/**
 * Splits a request path below a server resource into the server name and the rest. The name's
 * slash may be literal or encoded as %2F. Returns null when a segment is not valid
 * percent-encoding or decodes to control characters.
 */
export function splitNamePath(path: string): { name: string; rest: string[] } | null {
  const segments: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "") continue;
    try {
      const decoded = decodeURIComponent(segment);
      if (CONTROL.test(decoded)) return null;
      segments.push(decoded);
    } catch {
      return null;
    }
  }
  const [first = "", second, ...rest] = segments;
  if (first.includes("/") || second === undefined) return { name: first, rest: segments.slice(1) };
  return { name: `${first}/${second}`, rest };
}
