import { nextAction } from "@catalog/contracts";
import { getConnection } from "../../servers/next-actions.js";
import { defineTool } from "../catalog-tool.js";
import { sentName } from "./sent.js";

/** get_connection: the REST GET /v1/servers/{name}/connection (through its handler). */
export const getConnectionTool = defineTool("get_connection", {
  title: "Get a connection config",
  description:
    "Returns a ready-to-use configuration that connects a client to an MCP server of the " +
    "catalog: an mcpServers JSON block by default, or the format of VS Code, Cursor (with an " +
    "install deeplink), the Claude Code CLI, Codex (TOML), Gemini, Goose or Antigravity. Secrets appear as " +
    "placeholders and are listed under secrets, with how the server authenticates when known.",
  annotations: { readOnlyHint: true, openWorldHint: false },
  retry: (sent) => {
    const name = sentName(sent);
    return [name ? getConnection(name, "mcpServers") : nextAction("search", { q: "mcp server" })];
  },
  run: ({ name, target }, { call }) =>
    call("getConnection", { params: { name }, query: { target }, body: undefined }),
});
