import { compactSearch, nextAction } from "@catalog/contracts";
import { mapBody } from "../../http/outcome.js";
import { defineTool } from "../catalog-tool.js";
import { sentQuery } from "./sent.js";

/** search: the REST GET /v1/search, long descriptions cut unless full is true. */
export const searchTool = defineTool("search", {
  title: "Search MCP servers",
  description:
    "Finds MCP servers for a task. Keyword and semantic search over servers and their tools, " +
    "ranked by relevance and trust, one result per server with the tools that matched, its " +
    "connection class and the human steps needed to connect. For a task of several steps, send " +
    'them as `intents`: one capability each, in the words of what a tool does ("fetch a web ' +
    'page", "write a Markdown file", "send an email"), not the whole task; each is answered ' +
    "on its own under `intents` and `results` merges them. Needs the task implies (an output " +
    "path, a URL, an address) are answered too. Each result's `match` says how well it fits: on " +
    "weak, rephrase rather than connect. Scan with detail: summary (ten results in about 2 KB), " +
    "then get_server the one you pick. Optional filters: connection class, remote transport, " +
    "category, minimum trust score, required and excluded trust flags, context cost.",
  annotations: { readOnlyHint: true, openWorldHint: false },
  // Without the filters that did not validate.
  retry: (sent) => [nextAction("search", { q: sentQuery(sent) ?? "mcp server" })],
  run: async ({ full, ...query }, { services }) =>
    mapBody(await services.search.search(query), (body) => compactSearch(body, { full })),
});
