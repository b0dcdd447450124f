import { z } from "zod";
import { NextActionSchema } from "../next-actions.js";
import { SEARCH_MODES } from "../search.js";
import { ERRORS } from "./errors.js";
import { operation } from "./operation.js";

export const HealthBodySchema = z.object({
  ok: z.boolean(),
  search: z.enum(SEARCH_MODES),
  mcp: z.string(),
  dependencies: z.record(z.string(), z.boolean()),
  integrations: z.record(z.string(), z.enum(["on", "off"])).meta({
    description:
      "Outbound integrations (registry_mirror, dependencies, scheduled_probes) and whether each is switched on; an air-gapped install has them off.",
  }),
  redis_data_lost_at: z.iso.datetime().nullable().meta({
    description:
      "When this replica last found Redis back without the deployment's data (a restart without persistence, a failover to an empty replica); null since it started. Rate limits started from zero then.",
  }),
  reconciled_at: z.iso.datetime().nullable().meta({
    description: "When this replica last compared what it owes (in PostgreSQL) with what is queued.",
  }),
});

export type HealthBody = z.infer<typeof HealthBodySchema>;

const common = { tag: "Service", method: "get", limit: "none", access: "public", usage: "other" } as const;

export const health = operation({
  ...common,
  id: "health",
  path: "/healthz",
  summary: "Whether the service and its dependencies are up",
  responses: {
    200: { description: "Up.", schema: HealthBodySchema },
    503: { description: "PostgreSQL or Redis is unreachable.", schema: HealthBodySchema },
  },
  cache: "no-store",
});

export const openApi = operation({
  ...common,
  id: "openApi",
  path: "/openapi.json",
  summary: "This document (OpenAPI 3.1)",
  responses: {
    200: { description: "The OpenAPI document.", schema: z.looseObject({ openapi: z.string() }) },
  },
  cache: "public, max-age=300, stale-while-revalidate=600",
});

export const apiDocs = operation({
  ...common,
  id: "apiDocs",
  plain: true,
  path: "/docs",
  subtree: true,
  summary: "This document, rendered for people",
  responses: { 200: { description: "The API reference page.", contentType: "text/html" } },
  cache: "public, max-age=300, stale-while-revalidate=600",
});

export const serviceIndex = operation({
  ...common,
  id: "serviceIndex",
  path: "/",
  summary: "Where things are: the API reference, the OpenAPI document, the MCP endpoint",
  responses: {
    200: {
      description: "Links to the surfaces, with a first search to try.",
      schema: z.object({
        name: z.string(),
        docs: z.string(),
        openapi: z.string(),
        mcp: z.string(),
        registry: z.string(),
        next_actions: z.array(NextActionSchema),
      }),
    },
  },
  cache: "public, max-age=300, stale-while-revalidate=600",
});

const JsonRpc = z.looseObject({ jsonrpc: z.literal("2.0") }).meta({
  description: "A JSON-RPC 2.0 message or a batch of them (MCP streamable HTTP, stateless).",
});

export const mcpEndpoint = operation({
  id: "mcp",
  method: "post",
  plain: true,
  path: "/mcp",
  tag: "MCP",
  summary: "The MCP endpoint (tools: search, get_server, list_tools, get_connection, check_server)",
  description:
    "MCP over streamable HTTP, stateless, plain JSON answers. Speaks 2026-07-28 (`server/discover`) " +
    "and earlier revisions (`initialize`). GET and DELETE answer 405.",
  body: z.union([JsonRpc, z.array(JsonRpc)]),
  responses: {
    200: { description: "The JSON-RPC answer(s).", schema: z.union([JsonRpc, z.array(JsonRpc)]) },
    202: { description: "Notifications only: nothing to answer." },
    400: {
      description:
        "Not JSON-RPC, or a batch the endpoint refuses (two requests with one id): a JSON-RPC error.",
      schema: JsonRpc,
    },
    406: {
      description: "`accept` covers neither JSON nor an event stream: a JSON-RPC error.",
      schema: JsonRpc,
    },
    413: { description: "The body is over the endpoint's limit: a JSON-RPC error.", schema: JsonRpc },
    415: { description: "The body is not JSON: a JSON-RPC error.", schema: JsonRpc },
  },
  cache: "no-store",
  limit: "api",
  access: "public",
  usage: "mcp",
});

const notAllowed = {
  tag: "MCP",
  path: "/mcp",
  summary: "Not offered: the endpoint is stateless, with no server streams or sessions",
  responses: { 405: ERRORS.methodNotAllowed },
  cache: "no-store",
  limit: "api",
  access: "public",
  usage: "mcp",
  plain: true,
} as const;
export const mcpStream = operation({ ...notAllowed, id: "mcpStream", method: "get" });
export const mcpEndSession = operation({ ...notAllowed, id: "mcpEndSession", method: "delete" });
