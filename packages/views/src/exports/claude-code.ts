import { endpointsOf, type Endpoint, type Value } from "@catalog/client-configs";
import type { ExportInput, ViewFile } from "./export.js";

type Entry = { serverUrl: string } | { serverCommand: string[] };

/**
 * Claude Code's managed settings (managed-settings.json), the "approved catalog" pattern of
 * code.claude.com/docs/en/managed-mcp: `allowedMcpServers` with `allowManagedMcpServersOnly`, so
 * that users cannot widen it. Entries name what a server runs, not what it is called (a name is
 * whatever the user types): a remote by `serverUrl` (a templated URL's `{variable}` as `*`), a
 * stdio package by the exact `serverCommand` the catalog's configs write. Once the list holds a
 * URL entry Claude Code admits a remote only by URL, and a stdio server only by command, so name
 * entries would admit nothing more.
 */
export function claudeCode({ servers }: ExportInput): ViewFile {
  const entries = new Map<string, Entry>();
  const omitted: ViewFile["omitted"] = [];
  for (const { name, server } of servers) {
    const endpoints = endpointsOf(server);
    const admitted = endpoints.flatMap((e) => entryOf(e) ?? []);
    for (const entry of admitted) entries.set(JSON.stringify(entry), entry);
    if (admitted.length === 0) omitted.push({ name, reason: whyNot(endpoints) });
  }
  return {
    paths: {
      linux: "/etc/claude-code/managed-settings.json",
      macos: "/Library/Application Support/ClaudeCode/managed-settings.json",
      windows: "C:\\Program Files\\ClaudeCode\\managed-settings.json",
    },
    file: { allowedMcpServers: [...entries.values()], allowManagedMcpServersOnly: true },
    omitted,
    notes: [
      "Merge these keys into the managed settings file; Claude Code reads it at start and refuses `claude mcp add` of any other server.",
      "A remote is admitted by its URL, a local server by its exact command and arguments as this catalog's configs write them: a changed version pin or an added argument is refused.",
    ],
  };
}

function entryOf(endpoint: Endpoint): Entry | null {
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

/** A URL with each value the user supplies as Claude Code's wildcard. */
function pattern(url: Value): string {
  return url.map((part) => (typeof part === "string" ? part : "*")).join("");
}

function whyNot(endpoints: readonly Endpoint[]): string {
  if (endpoints.some((e) => e.kind === "package")) {
    return "Its launch command takes values the user supplies, which an exact command entry cannot match.";
  }
  if (endpoints.some((e) => e.kind === "bundle"))
    return "It ships only as an MCPB bundle, which Claude Code does not run.";
  return "It lists no remote and no package a client can start.";
}
