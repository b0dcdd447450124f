import { HOUR_MS, type HandledOperation } from "@catalog/contracts";
import type { Logger } from "@catalog/observability";
import { McpServer } from "@modelcontextprotocol/server";
import { isUnavailable, unavailableDetails } from "../http/errors.js";
import { failure, type Outcome } from "../http/outcome.js";
import { callOperation } from "../operations/call.js";
import type { Handlers, Input } from "../operations/handler.js";
import type { Caller } from "./caller.js";
import { CATALOG_TOOLS, type CallOperation, type CatalogTool } from "./catalog-tool.js";
import { INSTRUCTIONS } from "./instructions.js";
import { toolResult } from "./tool-result.js";

/** The tool list and the server description change only with a release: cacheable for an hour. */

export type McpServerDeps = { handlers: Handlers; baseUrl: string; version: string; log: Logger };

/** The catalog's MCP server for one request (the endpoint is stateless: one instance per request). */
export function catalogMcpServer(deps: McpServerDeps, caller: Caller): McpServer {
  const server = new McpServer(
    {
      name: "mcp-server-catalog",
      title: "MCP Server Catalog",
      version: deps.version,
      description: "Find MCP servers, their tools and ready-to-use client configs; check any MCP URL.",
      websiteUrl: deps.baseUrl,
    },
    {
      instructions: INSTRUCTIONS,
      // The tools never change while a server runs, so there is nothing to notify.
      capabilities: { tools: { listChanged: false } },
      cacheHints: {
        "server/discover": { ttlMs: HOUR_MS, cacheScope: "public" },
        "tools/list": { ttlMs: HOUR_MS, cacheScope: "public" },
      },
    },
  );
  // The input is the tool's validated arguments, split as the operation takes them (the twin's
  // declaration is checked against its operation's: TwinFits in packages/contracts).
  const context = { requester: () => caller.requester };
  const call: CallOperation = (id, input) =>
    callOperation(deps.handlers, id, input as Input<HandledOperation>, context, caller.noteBody);
  for (const tool of CATALOG_TOOLS) {
    const { name, title, description, annotations, inputSchema, outputSchema } = tool;
    server.registerTool(name, { title, description, annotations, inputSchema, outputSchema }, async (args) =>
      toolResult(await callSafely(tool, args, call, caller, deps.log)),
    );
  }
  return server;
}

/**
 * An unexpected failure answers like REST: `service_unavailable` with retry_after when a
 * dependency is away, else `internal`; with the request id, never the message.
 */
async function callSafely(
  tool: CatalogTool,
  args: unknown,
  call: CallOperation,
  caller: Caller,
  log: Logger,
): Promise<Outcome<unknown>> {
  try {
    return await tool.call(args, call);
  } catch (err) {
    const requestId = caller.requestId;
    if (isUnavailable(err)) {
      log.warn({ err, requestId, tool: tool.name }, "mcp tool failed: dependency unavailable");
      return failure(503, "service_unavailable", [], { ...unavailableDetails(), request_id: requestId });
    }
    log.error({ err, requestId, tool: tool.name }, "mcp tool failed");
    return failure(500, "internal", [], { request_id: requestId });
  }
}
