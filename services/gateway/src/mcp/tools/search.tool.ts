import { compactSearch, nextAction } from "@catalog/contracts";
import { mapBody } from "../../http/outcome.js";
import { defineTool } from "../catalog-tool.js";
import { sentQuery } from "./sent.js";

/** search: the REST GET /v1/search, long descriptions cut unless full is true. */
export const searchTool = defineTool("search", {
  title: "Search MCP servers",
  description:
    "Finds MCP servers for a task described in plain words. Keyword and semantic search over " +
    "servers and their tools, ranked by relevance and trust, one result per server with the " +
    "tools that matched, its connection class and the human steps needed to connect. " +
    "Optional filters: connection class, remote transport, category, minimum trust score, " +
    "required and excluded trust flags.",
  annotations: { readOnlyHint: true, openWorldHint: false },
  // Without the filters that did not validate.
  retry: (sent) => [nextAction("search", { q: sentQuery(sent) ?? "mcp server" })],
  run: async ({ full, ...query }, { services }) =>
    mapBody(await services.search.search(query), (body) => compactSearch(body, { full })),
});
