import type { ExportInput, ViewFile } from "./export.js";
import { managedLists } from "./managed-lists.js";

/**
 * GitHub Copilot's enterprise MCP allow-list (docs.github.com, "Configuring an MCP server
 * allowlist for your enterprise"; ../shared/reference 13): `allowedMcpServers` with the view's
 * servers and `deniedMcpServers` with those its rules exclude for a risk flag, in the
 * enterprise's managed-settings.json. Copilot clients allow their built-in servers always, then
 * block a deny match, then block whatever matches no allow entry. Entries are by `serverUrl` and
 * exact `serverCommand` (managed-lists.ts); the registry-only policy, which matched names only,
 * is what GitHub now says to turn off beside the list.
 */
export function copilot(input: ExportInput): ViewFile {
  const { allowed, denied, omitted } = managedLists(input, "Copilot");
  return {
    paths: {},
    file: { allowedMcpServers: allowed, deniedMcpServers: denied },
    omitted,
    notes: [
      "Commit this as managed-settings.json in the enterprise's .github-private repository (Copilot Business or Enterprise), or install it on developers' machines with your device management.",
      'Turn OFF "Restrict MCP access to registry servers" (set it to "Allow all", and optionally clear the MCP Registry URL): GitHub recommends it when using the allow-list, to avoid conflicts and keep a single source of truth; registry-only enforcement is the older preview mechanism and matches by server name only.',
      "Copilot's built-in servers stay allowed; a deny entry wins over every allow entry; any other server that matches no allow entry is blocked.",
      "A remote is allowed by its URL (a templated part as the wildcard *), a local server by its exact command and arguments as this catalog's configs write them: a changed version pin or an added argument is blocked.",
    ],
  };
}
