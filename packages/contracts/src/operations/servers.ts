import { z } from "zod";
import { ConnectionBodySchema, ConnectionQuerySchema } from "../connection.js";
import {
  DependenciesBodySchema,
  DescriptorQuerySchema,
  QualityBodySchema,
  QualityQuerySchema,
  ServerDescriptorSchema,
  ToolHistoryBodySchema,
  ToolHistoryQuerySchema,
  ToolListBodySchema,
  ToolsQuerySchema,
} from "../servers.js";
import { ERRORS } from "./errors.js";
import { operation, ServerNameParam, type ResponseSpec } from "./operation.js";

/** Every resource of a server lives under this path, the name being `{name}`. */
export const SERVER_PATH = "/v1/servers/{name}";

const serverErrors = { 400: ERRORS.badRequest, 404: ERRORS.serverNotFound } satisfies Record<
  number,
  ResponseSpec
>;
const common = {
  method: "get",
  tag: "Servers",
  cache: "public, max-age=300, stale-while-revalidate=600",
  limit: "api",
  access: "public",
} as const;

export const NameParams = z.object({ name: ServerNameParam });

export const getServer = operation({
  ...common,
  id: "getServer",
  path: SERVER_PATH,
  summary: "A server's descriptor",
  description: "Identity, connectability, trust, quality and the first tools (schemas with `schemas=true`).",
  query: DescriptorQuerySchema,
  responses: { 200: { description: "The descriptor.", schema: ServerDescriptorSchema }, ...serverErrors },
  usage: "get_server",
  mcp: "get_server",
});

export const listServerTools = operation({
  ...common,
  id: "listServerTools",
  path: `${SERVER_PATH}/tools`,
  summary: "A server's current tools, with their schemas, a page at a time",
  query: ToolsQuerySchema,
  responses: { 200: { description: "A page of tools.", schema: ToolListBodySchema }, ...serverErrors },
  usage: "list_tools",
  mcp: "list_tools",
});

export const getToolHistory = operation({
  ...common,
  id: "getToolHistory",
  path: `${SERVER_PATH}/tools/history`,
  summary: "Changes of a server's tool definitions, newest first",
  query: ToolHistoryQuerySchema,
  responses: { 200: { description: "A page of changes.", schema: ToolHistoryBodySchema }, ...serverErrors },
  usage: "history",
});

export const getConnection = operation({
  ...common,
  id: "getConnection",
  path: `${SERVER_PATH}/connection`,
  summary: "A ready-to-use client config for a server",
  query: ConnectionQuerySchema,
  responses: {
    200: { description: "The config for the target client.", schema: ConnectionBodySchema },
    ...serverErrors,
    403: ERRORS.blocked,
    409: ERRORS.noConnection,
    410: ERRORS.deleted,
  },
  usage: "get_connection",
  mcp: "get_connection",
});

export const getQuality = operation({
  ...common,
  id: "getQuality",
  path: `${SERVER_PATH}/quality`,
  summary: "A server's quality block with its daily score history",
  query: QualityQuerySchema,
  responses: { 200: { description: "The quality block.", schema: QualityBodySchema }, ...serverErrors },
  usage: "quality",
});

export const getDependencies = operation({
  ...common,
  id: "getDependencies",
  path: `${SERVER_PATH}/dependencies`,
  summary: "Dependencies and advisories of a server's npm and PyPI packages",
  responses: {
    200: { description: "The dependency report.", schema: DependenciesBodySchema },
    ...serverErrors,
  },
  usage: "dependencies",
});
