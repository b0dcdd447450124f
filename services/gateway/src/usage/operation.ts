import type { UsageOperation } from "@catalog/contracts";
import { splitNamePath } from "@catalog/registry";

const SERVER_SUBRESOURCES: Record<string, UsageOperation> = {
  "": "get_server",
  tools: "list_tools",
  "tools/history": "history",
  connection: "get_connection",
  quality: "quality",
  dependencies: "dependencies",
};

/** The operation a request path (as sent, still percent-encoded) is counted under. */
export function operationOf(rawPath: string): UsageOperation {
  const path = rawPath.split("?")[0]!.replace(/\/+$/, "");
  if (path === "/mcp") return "mcp";
  if (path === "/v0.1" || path.startsWith("/v0.1/")) return "registry";
  if (path === "/v1/search") return "search";
  if (path === "/v1/check" || path.startsWith("/v1/check/")) return "check";
  if (path.startsWith("/v1/servers/")) {
    const split = splitNamePath(path.slice("/v1/servers/".length));
    if (split && split.name.includes("/")) return SERVER_SUBRESOURCES[split.rest.join("/")] ?? "other";
  }
  return "other";
}
