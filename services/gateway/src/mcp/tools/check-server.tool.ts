import { CheckServerArgumentsSchema, nextAction } from "@catalog/contracts";
import { defineTool } from "../catalog-tool.js";

const fields = CheckServerArgumentsSchema.shape;

/** check_server: the REST POST /v1/check (url) and GET /v1/check/{id} (id). */
export const checkServerTool = defineTool("check_server", {
  title: "Check an MCP server URL",
  description:
    "Probes a remote MCP server URL the way the catalog's check API (POST /v1/check) does: " +
    "protocol version, tools, OAuth metadata, quality checks, and readiness for the Claude and " +
    "ChatGPT directories. Give url to start a check or id to read an earlier one; it waits up " +
    "to wait seconds (25 by default) for the result. The same URL within 5 minutes returns the " +
    "earlier check.",
  // It starts a probe of a server outside the catalog, but changes nothing there; a repeat
  // within the 5-minute window returns the earlier check.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  retry: (sent) => {
    const url = fields.url.safeParse(sent.url);
    const id = fields.id.safeParse(sent.id);
    if (url.success && url.data !== undefined) return [nextAction("check_server", { url: url.data })];
    if (id.success && id.data !== undefined) return [nextAction("check_server", { id: id.data })];
    return [nextAction("search", { q: "mcp server" })];
  },
  run: ({ url, id, wait }, { call }) =>
    url !== undefined
      ? call("checkServer", { params: {}, query: { wait }, body: { url } })
      : call("getCheck", { params: { id: id ?? "" }, query: { wait }, body: undefined }),
});
