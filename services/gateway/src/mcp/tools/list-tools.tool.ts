import { compactToolList, nextAction, type ToolListBody } from "@catalog/contracts";
import { mapBody } from "../../http/outcome.js";
import { cachedOutcome, readKey } from "../../read-cache/cached-read.js";
import { listTools } from "../../servers/next-actions.js";
import { defineTool } from "../catalog-tool.js";
import { sentName } from "./sent.js";

/** list_tools: the REST GET /v1/servers/{name}/tools (its cached page), compact unless asked otherwise. */
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
  run: async ({ name, limit, cursor, schemas, full }, { services, caller }) => {
    const after = cursor?.[0];
    const spec = { key: readKey.tools(name, limit, after), serverOf: (b: ToolListBody) => b.server };
    const outcome = await cachedOutcome(
      services.reads,
      spec,
      () => services.servers.tools(name, limit, after),
      caller.noteBody,
    );
    return mapBody(outcome, (body) => compactToolList(body, { schemas, full }));
  },
});
