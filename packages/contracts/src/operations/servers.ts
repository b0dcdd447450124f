import { z } from "zod";
import { ConnectionBodySchema, ConnectionQuerySchema } from "../connection.js";
import { cursorParam } from "../cursor.js";
import { compactDescriptor, compactToolList } from "../mcp-compact.js";
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
import { fullArgument, READS_CATALOG, retryServer, schemasArgument, serverNameArgument } from "./twin.js";

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
  mcp: {
    name: "get_server",
    title: "Get an MCP server",
    description:
      "Describes one MCP server of the catalog by name: description, version, remotes and " +
      "packages, connection class with the human steps to connect and the supported client " +
      "targets, categories, trust score and flags, quality checks, owner verification, and its " +
      "current tools (their schemas when schemas is true; long descriptions cut unless full is true).",
    flow: "{name} (details)",
    annotations: READS_CATALOG,
    arguments: z.object({ name: serverNameArgument, schemas: schemasArgument, full: fullArgument }),
    retry: retryServer((name) => ({ action: "get_server", arguments: { name } })),
    compact: compactDescriptor,
  },
  sample: {},
});

export const listServerTools = operation({
  ...common,
  id: "listServerTools",
  path: `${SERVER_PATH}/tools`,
  summary: "A server's current tools, with their schemas, a page at a time",
  query: ToolsQuerySchema,
  responses: { 200: { description: "A page of tools.", schema: ToolListBodySchema }, ...serverErrors },
  usage: "list_tools",
  mcp: {
    name: "list_tools",
    title: "List a server's tools",
    description:
      "Lists the current tools of an MCP server of the catalog, ordered by name, each with its " +
      "description, annotations, and when and how it was observed; input and output schemas when " +
      "schemas is true; long descriptions cut unless full is true. Pages hold up to limit tools; " +
      "pass next_cursor back as cursor for the next page.",
    flow: "{name} (tools)",
    annotations: READS_CATALOG,
    arguments: z.object({
      name: serverNameArgument,
      limit: ToolsQuerySchema.shape.limit.describe("Tools per page, 1 to 100."),
      cursor: cursorParam(1).optional().describe("The next_cursor of the previous page."),
      schemas: schemasArgument,
      full: fullArgument,
    }),
    retry: retryServer((name) => ({ action: "list_tools", arguments: { name } })),
    compact: compactToolList,
  },
  sample: { query: { limit: "2" } },
});

export const getToolHistory = operation({
  ...common,
  id: "getToolHistory",
  path: `${SERVER_PATH}/tools/history`,
  summary: "Changes of a server's tool definitions, newest first",
  query: ToolHistoryQuerySchema,
  responses: { 200: { description: "A page of changes.", schema: ToolHistoryBodySchema }, ...serverErrors },
  usage: "history",
  sample: {},
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
  mcp: {
    name: "get_connection",
    title: "Get a connection config",
    description:
      "Returns a ready-to-use configuration that connects a client to an MCP server of the " +
      "catalog: an mcpServers JSON block by default, or the format of VS Code, Cursor (with an " +
      "install deeplink), the Claude Code CLI, Codex (TOML), Gemini, Goose or Antigravity. Secrets appear as " +
      "placeholders and are listed under secrets, with how the server authenticates when known.",
    flow: "{name, target} (client config)",
    annotations: READS_CATALOG,
    arguments: z.object({
      name: serverNameArgument,
      target: ConnectionQuerySchema.shape.target.describe("The client to configure."),
    }),
    retry: retryServer((name) => ({ action: "get_connection", arguments: { name, target: "mcpServers" } })),
  },
  sample: { query: { target: "vscode" } },
});

export const getQuality = operation({
  ...common,
  id: "getQuality",
  path: `${SERVER_PATH}/quality`,
  summary: "A server's quality block with its daily score history",
  query: QualityQuerySchema,
  responses: { 200: { description: "The quality block.", schema: QualityBodySchema }, ...serverErrors },
  usage: "quality",
  sample: {},
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
  sample: {},
});
