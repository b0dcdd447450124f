import { compactSearch, nextAction } from "@catalog/contracts";
import { mapBody } from "../../http/outcome.js";
import { defineTool } from "../catalog-tool.js";
import { sentQuery } from "./sent.js";

/** search: the REST GET /v1/search, long descriptions cut unless full is true. */
export const searchTool = defineTool("search", {
  title: "Search MCP servers",
  description:
    "Finds MCP servers for a task: keyword and semantic search over servers and their tools, " +
    "ranked by relevance and trust, one result per server with its matched tools, connection " +
    "class and the human steps to connect. For a task of several steps send them as `intents`, " +
    'one capability each in the words of what a tool does ("fetch a web page", "write a ' +
    'Markdown file"): each is answered on its own and `results` merges them. Needs the task ' +
    "implies (an output path, a URL, an address) are answered too. On a weak `match`, rephrase " +
    "rather than connect. Scan with detail: summary, then get_server the one you pick.",
  annotations: { readOnlyHint: true, openWorldHint: false },
  // Without the filters that did not validate.
  retry: (sent) => [nextAction("search", { q: sentQuery(sent) ?? "mcp server" })],
  run: async ({ full, ...query }, { call }) =>
    mapBody(await call("searchServers", { params: {}, query, body: undefined }), (body) =>
      compactSearch(body, { full }),
    ),
});
