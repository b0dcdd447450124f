import { compactDescriptor, nextAction } from "@catalog/contracts";
import { mapBody } from "../../http/outcome.js";
import { getServer } from "../../servers/next-actions.js";
import { defineTool } from "../catalog-tool.js";
import { sentName } from "./sent.js";

/** get_server: the REST GET /v1/servers/{name} (through its handler), compact unless asked otherwise. */
export const getServerTool = defineTool("get_server", {
  title: "Get an MCP server",
  description:
    "Describes one MCP server of the catalog by name: description, version, remotes and " +
    "packages, connection class with the human steps to connect and the supported client " +
    "targets, categories, trust score and flags, quality checks, owner verification, and its " +
    "current tools (their schemas when schemas is true; long descriptions cut unless full is true).",
  annotations: { readOnlyHint: true, openWorldHint: false },
  retry: (sent) => {
    const name = sentName(sent);
    return [name ? getServer(name) : nextAction("search", { q: "mcp server" })];
  },
  run: async ({ name, schemas, full }, { call }) =>
    mapBody(await call("getServer", { params: { name }, query: { schemas }, body: undefined }), (body) =>
      compactDescriptor(body, { schemas, full }),
    ),
});
