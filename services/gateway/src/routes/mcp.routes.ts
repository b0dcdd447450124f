import type { Response } from "express";
import { Router } from "express";
import { toNodeHandler, type FetchLikeMcpHandler } from "@modelcontextprotocol/node";
import { requesterOf } from "../checks/check.service.js";
import { noStore } from "../http/cache.js";
import { sendError } from "../http/errors.js";
import { authInfoOf } from "../mcp/caller.js";
import { MCP_MAX_BODY_BYTES } from "../mcp/mcp-endpoint.js";

export type McpRouteSettings = { limits: { anonymous: number; account: number } };

/** A transport-level refusal, as a JSON-RPC error (the request never reached the server). */
function rejectRpc(res: Response, status: number, message: string): void {
  res.status(status).json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null });
}

/**
 * POST /mcp: MCP over streamable HTTP, stateless, plain JSON answers, never cached. GET and
 * DELETE (server streams and sessions) do not exist here: 405.
 */
export function mcpRoutes(endpoint: FetchLikeMcpHandler, settings: McpRouteSettings): Router {
  const serve = toNodeHandler(endpoint, { maxRequestBodySize: MCP_MAX_BODY_BYTES });
  const router = Router();
  router.use("/mcp", noStore);
  router.post("/mcp", async (req, res) => {
    if (!req.is("application/json")) {
      return rejectRpc(res, 415, "Unsupported Media Type: Content-Type must be application/json");
    }
    if (!req.accepts("application/json") || !req.accepts("text/event-stream")) {
      return rejectRpc(res, 406, "Not Acceptable: Accept must cover application/json and text/event-stream");
    }
    // Negotiated above (wildcards and all); the SDK's transports compare the header literally.
    req.headers.accept = "application/json, text/event-stream";
    const requester = requesterOf(res.locals.accountId, req.ip, settings.limits);
    await serve(Object.assign(req, { auth: authInfoOf({ requester, requestId: req.id }) }), res);
  });
  router.all("/mcp", (_req, res) => {
    res.set("allow", "POST");
    sendError(res, 405, "method_not_allowed");
  });
  return router;
}
