import type { ExportInput, ViewFile } from "./export.js";
import { managedLists } from "./managed-lists.js";

/**
 * Claude Code's managed settings (managed-settings.json), the "approved catalog" pattern of
 * code.claude.com/docs/en/managed-mcp: `allowedMcpServers` with `allowManagedMcpServersOnly`, so
 * that users cannot widen it, and `deniedMcpServers` (which wins) for the servers the view
 * excludes for a risk flag. Entries name what a server runs, not what it is called (see
 * managed-lists.ts). Once the list holds a URL entry Claude Code admits a remote only by URL, and
 * a stdio server only by command, so name entries would admit nothing more.
 */
export function claudeCode(input: ExportInput): ViewFile {
  const { allowed, denied, omitted } = managedLists(input, "Claude Code");
  return {
    paths: {
      linux: "/etc/claude-code/managed-settings.json",
      macos: "/Library/Application Support/ClaudeCode/managed-settings.json",
      windows: "C:\\Program Files\\ClaudeCode\\managed-settings.json",
    },
    file: {
      allowedMcpServers: allowed,
      ...(denied.length > 0 ? { deniedMcpServers: denied } : {}),
      allowManagedMcpServersOnly: true,
    },
    omitted,
    notes: [
      "Merge these keys into the managed settings file; Claude Code reads it at start and refuses `claude mcp add` of any other server.",
      "A remote is admitted by its URL, a local server by its exact command and arguments as this catalog's configs write them: a changed version pin or an added argument is refused.",
      "deniedMcpServers, when present, names the servers the view excludes for a risk flag; a deny entry wins over every allow entry.",
    ],
  };
}
