import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { BODY_ERRORS, either, ERRORS, LIMITED_ERRORS, TRANSPORT_ERRORS } from "./errors.js";
import { EXAMPLES } from "./examples.generated.js";
import { ServerNameParam, type Operation, type ResponseSpec } from "./operation.js";
import { pathParams } from "./paths.js";
import { VIEW_EXPORT_CLIENTS } from "../views.js";

export type OpenApiOptions = {
  /** The public base URL (BASE_URL), the document's one server. */
  baseUrl: string;
  version: string;
  /** The operators' routes too (blocklist, queue board). */
  internal?: boolean;
};

const SECURITY: Record<Operation["access"], Record<string, string[]>[]> = {
  // Anonymous works; a key raises the limits and never changes the data.
  public: [{}, { apiKey: [] }, { bearerKey: [] }],
  session: [{ session: [] }],
  admin: [{ adminToken: [] }],
};

function paramSchema(name: string): z.ZodType {
  if (name === "name" || name === "serverName") return ServerNameParam;
  if (name === "client") return z.enum(VIEW_EXPORT_CLIENTS);
  return z.string();
}

/**
 * Every answer an operation may give: its own; what the API limits add to a limited one; the
 * admin token's refusal on an operator route; a refused body on a route with one; and headers
 * too large on any.
 */
export function responsesOf(op: Operation): Record<string, ResponseSpec> {
  const all: Record<number, ResponseSpec> = { ...op.responses };
  const add = (extra: Record<number, ResponseSpec>) => {
    for (const [status, spec] of Object.entries(extra)) {
      const own = all[Number(status)];
      all[Number(status)] = own ? either(own, spec) : spec;
    }
  };
  if (op.limit !== "none") add(LIMITED_ERRORS);
  if (op.access === "admin") add({ 401: ERRORS.adminTokenRequired });
  if (op.body) add(BODY_ERRORS);
  add(TRANSPORT_ERRORS);
  return Object.fromEntries(Object.entries(all).map(([status, spec]) => [status, spec]));
}

function operationObject(op: Operation): ZodOpenApiOperationObject {
  const params = pathParams(op.path);
  const responses = Object.fromEntries(
    Object.entries(responsesOf(op)).map(([status, spec]) => [
      status,
      {
        description: spec.description,
        ...(spec.schema && {
          content: {
            [spec.contentType ?? "application/json"]: {
              schema: spec.schema,
              ...(EXAMPLES[op.id]?.[status] !== undefined && { example: EXAMPLES[op.id]![status] }),
            },
          },
        }),
        ...(!spec.schema && spec.contentType && { content: { [spec.contentType]: { schema: z.string() } } }),
      },
    ]),
  );
  return {
    operationId: op.id,
    summary: op.summary,
    ...(op.description && { description: op.description }),
    tags: [op.tag],
    requestParams: {
      ...(op.query && { query: op.query }),
      ...(params.length > 0 && {
        path: z.object(Object.fromEntries(params.map((p) => [p, paramSchema(p)]))),
      }),
    },
    ...(op.body && {
      requestBody: { required: true, content: { [op.bodyType ?? "application/json"]: { schema: op.body } } },
    }),
    responses,
    security: SECURITY[op.access],
    "x-cache-control": op.cache,
    "x-limit-class": op.limit,
    ...(op.mcp && { "x-mcp-tool": op.mcp.name }),
  };
}

/** The parts of the document its readers use (the rest is plain OpenAPI 3.1). */
export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
  [key: string]: unknown;
};

/** The OpenAPI 3.1 document of the given operations. */
export function openApiDocument(operations: readonly Operation[], options: OpenApiOptions): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    if (op.internal && !options.internal) continue;
    paths[op.path] = { ...paths[op.path], [op.method]: operationObject(op) };
  }
  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "MCP Server Catalog",
        version: options.version,
        description:
          "Search, inspect, check and connect to Model Context Protocol servers. Every REST answer " +
          "carries `next_actions`: calls to make next, as MCP tool names with arguments and as REST " +
          "requests. The same reads are MCP tools at /mcp; /v0.1 mirrors the official registry API.",
      },
      servers: [{ url: options.baseUrl }],
      components: {
        securitySchemes: {
          apiKey: {
            type: "apiKey",
            in: "header",
            name: "X-API-Key",
            description: "An API key from /account.",
          },
          bearerKey: { type: "http", scheme: "bearer", description: "The same API key as a Bearer token." },
          session: {
            type: "apiKey",
            in: "cookie",
            name: "session",
            description: "A signed-in browser session.",
          },
          adminToken: { type: "http", scheme: "bearer", description: "The operators' ADMIN_TOKEN." },
        },
      },
      paths,
    },
    { outputIdSuffix: "" },
  ) as unknown as OpenApiDocument;
}
