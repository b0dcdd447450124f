import { compactToolList, nextAction } from "@catalog/contracts";
import { mapBody } from "../../http/outcome.js";
import { listTools } from "../../servers/next-actions.js";
import { defineTool } from "../catalog-tool.js";
import { sentName } from "./sent.js";

/** list_tools: the REST GET /v1/servers/{name}/tools (through its handler), compact unless asked otherwise. */
export const listToolsTool = defineTool("list_tools", {
  title: "List a server's tools",
  description:
    "Lists the current tools of an MCP server of the catalog, ordered by name, each with its " +
    "description, annotations, and when and how it was observed; input and output schemas when " +
    "schemas is true; long descriptions cut unless full is true. Pages hold up to limit tools; " +
    "pass next_cursor back as cursor for the next page.",
  annotations: { readOnlyHint: true, openWorldHint: false },
  retry: (sent) => {
    const name = sentName(sent);
    return [name ? listTools(name) : nextAction("search", { q: "mcp server" })];
  },
  run: async ({ name, limit, cursor, schemas, full }, { call }) =>
    mapBody(
      await call("listServerTools", { params: { name }, query: { limit, cursor }, body: undefined }),
      (body) => compactToolList(body, { schemas, full }),
    ),
});
