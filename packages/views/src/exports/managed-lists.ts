import { endpointsOf, type Endpoint, type Value } from "@catalog/client-configs";
import type { ExportInput, ViewFile } from "./export.js";

/**
 * An entry of `allowedMcpServers` or `deniedMcpServers`, the keys GitHub Copilot and Claude Code
 * both read (../shared/reference 13): a remote by `serverUrl` (`*` a wildcard), a stdio server by
 * its exact `serverCommand` argv. Never by `serverName`: a name is whatever the user types.
 */
export type ManagedEntry = { serverUrl: string } | { serverCommand: string[] };

export type ManagedLists = {
  allowed: ManagedEntry[];
  denied: ManagedEntry[];
  omitted: ViewFile["omitted"];
};

/**
 * The view's servers as allow entries, and the servers its rules exclude for a risk flag as
 * deny entries, each once. The deny-list wins in both clients, so a server of the view whose
 * every entry a deny entry also matches (it shares a remote or a command with an excluded
 * server) is blocked: it is listed in `omitted` with the reason.
 */
export function managedLists({ servers, excluded = [] }: ExportInput, client: string): ManagedLists {
  const denied = unique(
    excluded.flatMap((s) =>
      endpointsOf(s.server)
        // A package the user starts serves at a local address any other local server may use: no
        // deny entry for it (one would block every server started on that port).
        .filter((e) => !(e.kind === "remote" && e.start))
        .flatMap((e) => entryOf(e) ?? []),
    ),
  );
  const deniedBy = (entry: ManagedEntry) => denied.find((d) => matches(d, entry));
  const allowed = new Map<string, ManagedEntry>();
  const omitted: ViewFile["omitted"] = [];
  for (const { name, server } of servers) {
    const endpoints = endpointsOf(server);
    const entries = endpoints.flatMap((e) => entryOf(e) ?? []);
    for (const entry of entries) allowed.set(JSON.stringify(entry), entry);
    if (entries.length === 0) omitted.push({ name, reason: whyNot(endpoints, client) });
    else if (entries.every((e) => deniedBy(e))) {
      const blocker = JSON.stringify(deniedBy(entries[0]!));
      omitted.push({
        name,
        reason: `${client} blocks it: the deny entry ${blocker}, written for a server the view excludes for a risk flag, matches it too, and the deny-list wins.`,
      });
    }
  }
  return { allowed: [...allowed.values()], denied, omitted };
}

function unique(entries: readonly ManagedEntry[]): ManagedEntry[] {
  return [...new Map(entries.map((e) => [JSON.stringify(e), e])).values()];
}

/** Whether the deny entry `deny` matches what the allow entry `entry` admits. */
function matches(deny: ManagedEntry, entry: ManagedEntry): boolean {
  if ("serverUrl" in deny) return "serverUrl" in entry && wildcard(deny.serverUrl).test(entry.serverUrl);
  return (
    "serverCommand" in entry && JSON.stringify(deny.serverCommand) === JSON.stringify(entry.serverCommand)
  );
}

/** A `serverUrl` pattern: `*` stands for any text, the rest is literal. */
function wildcard(pattern: string): RegExp {
  const parts = pattern.split("*").map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`);
}

function entryOf(endpoint: Endpoint): ManagedEntry | null {
  if (endpoint.kind === "remote") return { serverUrl: pattern(endpoint.url) };
  if (endpoint.kind === "package") {
    const args = endpoint.args.map(literalText);
    if (args.every((a) => a !== null)) return { serverCommand: [endpoint.command, ...args] };
  }
  return null;
}

/** The text of a value without placeholders; null when the user supplies some of it. */
function literalText(value: Value): string | null {
  return value.every((p) => typeof p === "string") ? value.join("") : null;
}

/** A URL with each value the user supplies as the wildcard. */
function pattern(url: Value): string {
  return url.map((part) => (typeof part === "string" ? part : "*")).join("");
}

function whyNot(endpoints: readonly Endpoint[], client: string): string {
  if (endpoints.some((e) => e.kind === "package")) {
    return "Its launch command takes values the user supplies, which an exact command entry cannot match.";
  }
  if (endpoints.some((e) => e.kind === "bundle"))
    return `It ships only as an MCPB bundle, which ${client} does not run.`;
  return "It lists no remote and no package a client can start.";
}
