import type { ExportInput, ViewFile } from "./export.js";

/**
 * VS Code reads a registry, not a list: the policies McpGalleryServiceUrl
 * (`chat.mcp.gallery.serviceUrl`, VS Code 1.101+) and ChatMCP (`chat.mcp.access`: none, registry
 * or all, 1.99+), as microsoft/vscode's build/lib/policies/policyData.jsonc declares them. Set to
 * the view's URL and "registry", VS Code offers and starts only the servers the view lists,
 * matched by registry name. GitHub Copilot Business and Enterprise take the same URL as the
 * organisation's "MCP Registry URL" with the "Registry only" policy.
 */
export function vscode({ registryUrl }: ExportInput): ViewFile {
  return {
    paths: {},
    file: { "chat.mcp.gallery.serviceUrl": registryUrl, "chat.mcp.access": "registry" },
    omitted: [],
    notes: [
      "Deploy as VS Code policies (McpGalleryServiceUrl and ChatMCP, through Group Policy on Windows or a configuration profile on macOS) so that users cannot change them; as user settings they only advise.",
      `For GitHub Copilot, set the organisation's or enterprise's MCP Registry URL to ${registryUrl} with the "Registry only" policy.`,
    ],
  };
}
