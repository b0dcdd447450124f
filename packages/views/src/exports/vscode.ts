import type { ExportInput, ViewFile } from "./export.js";

/**
 * VS Code reads a registry, not a list: the policies McpGalleryServiceUrl
 * (`chat.mcp.gallery.serviceUrl`, VS Code 1.101+) and ChatMCP (`chat.mcp.access`: none, registry
 * or all, 1.99+), as microsoft/vscode's build/lib/policies/policyData.jsonc declares them. Set to
 * the view's URL and "registry", VS Code offers and starts only the servers the view lists,
 * matched by registry name. For GitHub Copilot Business and Enterprise, GitHub now recommends the
 * enterprise allow-list (the `copilot` export) with "Restrict MCP access to registry servers"
 * turned off, rather than the registry-only policy (../shared/reference 13).
 */
export function vscode({ registryUrl }: ExportInput): ViewFile {
  return {
    paths: {},
    file: { "chat.mcp.gallery.serviceUrl": registryUrl, "chat.mcp.access": "registry" },
    omitted: [],
    notes: [
      "Deploy as VS Code policies (McpGalleryServiceUrl and ChatMCP, through Group Policy on Windows or a configuration profile on macOS) so that users cannot change them; as user settings they only advise.",
      `For GitHub Copilot Business or Enterprise, GitHub now recommends the enterprise allow-list instead of "Registry only": export this view for the client copilot (managed-settings.json with allowedMcpServers and deniedMcpServers) and turn OFF "Restrict MCP access to registry servers" (set it to "Allow all"). Registry-only enforcement is the older preview mechanism and matches by server name only; ${registryUrl} still serves as the registry VS Code browses.`,
    ],
  };
}
