/**
 * GitHub Copilot's evaluation of an enterprise MCP allow-list, written from the reference
 * (../shared/reference/13_allowlists_clients_access_2026.md, "GitHub Copilot: allow-list and
 * deny-list in managed settings"), independently of the catalog's exporter so that a test of the
 * exported file can fail:
 * 1. built-in default servers are always allowed;
 * 2. a server matching an entry of `deniedMcpServers` is blocked (the deny-list wins);
 * 3. if `allowedMcpServers` is present, a server matching none of its entries is blocked;
 * 4. anything else is allowed.
 * An entry matches by one of `serverName` (equal), `serverUrl` (`*` matches any text) or
 * `serverCommand` (the exact argv array).
 */
type PolicyEntry = { serverName?: string; serverUrl?: string; serverCommand?: string[] };

export type ManagedSettings = { allowedMcpServers?: PolicyEntry[]; deniedMcpServers?: PolicyEntry[] };

/** An MCP server as a Copilot client is about to start it. */
export type RunningServer = { name: string; builtin?: boolean; url?: string; command?: string[] };

export type Verdict = "allowed" | "blocked";

export function evaluate(settings: ManagedSettings, server: RunningServer): Verdict {
  if (server.builtin) return "allowed";
  if ((settings.deniedMcpServers ?? []).some((e) => entryMatches(e, server))) return "blocked";
  const allowed = settings.allowedMcpServers;
  if (allowed && !allowed.some((e) => entryMatches(e, server))) return "blocked";
  return "allowed";
}

function entryMatches(entry: PolicyEntry, server: RunningServer): boolean {
  if (entry.serverName !== undefined) return entry.serverName === server.name;
  if (entry.serverUrl !== undefined)
    return server.url !== undefined && urlMatches(entry.serverUrl, server.url);
  if (entry.serverCommand !== undefined) {
    const command = server.command;
    return (
      command !== undefined &&
      command.length === entry.serverCommand.length &&
      command.every((word, i) => word === entry.serverCommand![i])
    );
  }
  return false;
}

/** `https://api.githubcopilot.com/*`: `*` stands for any run of characters, the rest is literal. */
export function urlMatches(pattern: string, url: string): boolean {
  const [first = "", ...rest] = pattern.split("*");
  if (rest.length === 0) return pattern === url;
  if (!url.startsWith(first)) return false;
  let at = first.length;
  for (const [i, part] of rest.entries()) {
    if (i === rest.length - 1) return url.length - at >= part.length && url.endsWith(part);
    const found = url.indexOf(part, at);
    if (found < 0) return false;
    at = found + part.length;
  }
  return true;
}
