import express, { Router, type ErrorRequestHandler, type RequestHandler, type Response } from "express";
import { toNodeHandler, type FetchLikeMcpHandler } from "@modelcontextprotocol/node";
import { requesterOf } from "../checks/check.service.js";
import { noStore } from "../http/cache.js";
import { sendError } from "../http/errors.js";
import { authInfoOf, type Caller } from "../mcp/caller.js";
import { callSignature, keptResult } from "../mcp/kept-calls.js";
import { MCP_MAX_BODY_BYTES } from "../mcp/mcp-endpoint.js";
import { keptHeaders } from "../read-cache/cached-read.js";
import type { ReadCache } from "../read-cache/read-cache.js";

export type McpRouteSettings = {
  limits: { anonymous: number; account: number };
  /** Where anonymous tool calls answered from kept bodies are kept (mcp/kept-call-lane.ts answers them again). */
  reads: ReadCache;
};

/** A refusal before the request reaches the MCP server, as a JSON-RPC error. */
function rejectRpc(res: Response, status: number, code: number, message: string): void {
  res.status(status).json({ jsonrpc: "2.0", error: { code, message }, id: null });
}

/** Streamable HTTP: the body is JSON, and the client takes JSON and event streams alike. */
const negotiate: RequestHandler = (req, res, next) => {
  if (!req.is("application/json")) {
    return rejectRpc(res, 415, -32000, "Unsupported Media Type: Content-Type must be application/json");
  }
  if (!req.accepts("application/json") || !req.accepts("text/event-stream")) {
    return rejectRpc(
      res,
      406,
      -32000,
      "Not Acceptable: Accept must cover application/json and text/event-stream",
    );
  }
  // Negotiated here (wildcards and all); the SDK's transports compare the header literally.
  req.headers.accept = "application/json, text/event-stream";
  next();
};

const jsonBody = express.json({ limit: MCP_MAX_BODY_BYTES, type: () => true });

/**
 * The body parsed once, here, and handed to the SDK as it supports (`parsedBody`). A body the
 * fast lane read is left parsed by the parser; one it could not parse is left absent.
 */
const parseBody: RequestHandler = (req, res, next) =>
  jsonBody(req, res, (err) => {
    if (err) return next(err);
    if (req.body === undefined) return rejectRpc(res, 400, -32700, "Parse error: the body is not JSON");
    next();
  });

const bodyErrors: ErrorRequestHandler = (err: { type?: string }, _req, res, next) => {
  if (err.type === "entity.too.large") {
    return rejectRpc(res, 413, -32000, `Payload Too Large: the body exceeds ${MCP_MAX_BODY_BYTES} bytes`);
  }
  if (err.type === "entity.parse.failed")
    return rejectRpc(res, 400, -32700, "Parse error: the body is not JSON");
  next(err);
};

/**
 * POST /mcp: MCP over streamable HTTP, stateless, plain JSON answers, never cached. GET and
 * DELETE (server streams and sessions) do not exist here: 405.
 */
export function mcpRoutes(endpoint: FetchLikeMcpHandler, settings: McpRouteSettings): Router {
  const serve = toNodeHandler(endpoint, { maxRequestBodySize: MCP_MAX_BODY_BYTES });
  const router = Router();
  router.use("/mcp", noStore);
  const handle: RequestHandler = async (req, res) => {
    const requester = requesterOf(res.locals.accountId, req.ip, settings.limits, req.id);
    const keeping = res.locals.keyed ? undefined : callSignature(req.headers, req.body);
    const bodies: { key: string; etag: string }[] = [];
    let answer: string | undefined;
    const caller: Caller = {
      requester,
      requestId: req.id,
      noteBody: (key, etag) => bodies.push({ key, etag }),
      noteAnswer: keeping && ((text) => (answer = text)),
    };
    await serve(Object.assign(req, { auth: authInfoOf(caller) }), res, req.body);
    if (!keeping || answer === undefined || bodies.length !== 1 || res.statusCode !== 200) return;
    const text = keptResult(answer, keeping.id);
    if (text)
      settings.reads.rememberDerived(keeping.signature, { ...bodies[0]!, text, headers: keptHeaders(res) });
  };
  router.post("/mcp", negotiate, parseBody, bodyErrors, handle);
  router.all("/mcp", (_req, res) => {
    res.set("allow", "POST");
    sendError(res, 405, "method_not_allowed");
  });
  return router;
}
