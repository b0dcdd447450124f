import { nextAction } from "@catalog/contracts";
import { listTools } from "../../servers/next-actions.js";
import { defineTool } from "../catalog-tool.js";
import { sentName } from "./sent.js";

/** list_tools: the REST GET /v1/servers/{name}/tools. */
export const listToolsTool = defineTool("list_tools", {
  title: "List a server's tools",
  description:
    "Lists the current tools of an MCP server of the catalog, ordered by name, each with its " +
    "description, input and output schemas, annotations, and when and how it was observed. " +
    "Pages hold up to limit tools; pass next_cursor back as cursor for the next page.",
  annotations: { readOnlyHint: true, openWorldHint: false },
  retry: (sent) => {
    const name = sentName(sent);
    return [name ? listTools(name) : nextAction("search", { q: "mcp server" })];
  },
  run: ({ name, limit, cursor }, { services }) => services.servers.tools(name, limit, cursor?.[0]),
});
