import { z } from "zod";
import { RegistryListQuerySchema, RegistryVersionsQuerySchema } from "../registry.js";
import { ERRORS } from "./errors.js";
import { operation, ServerNameParam } from "./operation.js";

/**
 * The official registry's shapes, kept loose: /v0.1 serves each entry as the registry wrote it
 * (server.json of its schema version and `_meta`), and the compliance test holds the answers to
 * the official registry's own OpenAPI document.
 */
const EntrySchema = z.looseObject({ server: z.looseObject({}), _meta: z.looseObject({}).optional() });
const ListSchema = z.object({
  servers: z.array(EntrySchema),
  metadata: z.object({ count: z.number().int(), nextCursor: z.string().optional() }),
});

const common = {
  method: "get",
  tag: "Registry (v0.1)",
  cache: "public, max-age=300, stale-while-revalidate=600",
  limit: "api",
  access: "public",
  usage: "registry",
} as const;
const problems = { 400: ERRORS.problem, 404: ERRORS.problem, 422: ERRORS.problem };

export const RegistryNameParams = z.object({ serverName: ServerNameParam });
export const RegistryVersionParams = RegistryNameParams.extend({
  version: z.string().meta({ description: "A version, or `latest`.", example: "latest" }),
});

export const registryListServers = operation({
  ...common,
  id: "registryListServers",
  path: "/v0.1/servers",
  summary: "List servers (the official registry API)",
  query: RegistryListQuerySchema,
  responses: { 200: { description: "A page of registry entries.", schema: ListSchema }, ...problems },
});

export const registryServerVersions = operation({
  ...common,
  id: "registryServerVersions",
  path: "/v0.1/servers/{serverName}/versions",
  summary: "Every version of a server (the official registry API)",
  query: RegistryVersionsQuerySchema,
  responses: { 200: { description: "The versions.", schema: ListSchema }, ...problems },
});

export const registryServerVersion = operation({
  ...common,
  id: "registryServerVersion",
  path: "/v0.1/servers/{serverName}/versions/{version}",
  summary: "One version of a server (the official registry API)",
  responses: { 200: { description: "The entry.", schema: EntrySchema }, ...problems },
});

/**
 * A registry view (GET /v1/views) served as a registry of its own, with the same three endpoints
 * under `/views/{view}`: the URL an organisation gives Copilot or VS Code as its "MCP Registry URL".
 */
const inView = (summary: string) => `${summary}, in a registry view`;
const viewCommon = { ...common, tag: "Registry views" } as const;

export const viewListServers = operation({
  ...viewCommon,
  id: "viewListServers",
  path: "/views/{view}/v0.1/servers",
  summary: inView("List servers"),
  query: RegistryListQuerySchema,
  responses: { 200: { description: "A page of the view's entries.", schema: ListSchema }, ...problems },
});

export const viewServerVersions = operation({
  ...viewCommon,
  id: "viewServerVersions",
  path: "/views/{view}/v0.1/servers/{serverName}/versions",
  summary: inView("Every version of a server"),
  query: RegistryVersionsQuerySchema,
  responses: { 200: { description: "The versions.", schema: ListSchema }, ...problems },
});

export const viewServerVersion = operation({
  ...viewCommon,
  id: "viewServerVersion",
  path: "/views/{view}/v0.1/servers/{serverName}/versions/{version}",
  summary: inView("One version of a server"),
  responses: { 200: { description: "The entry.", schema: EntrySchema }, ...problems },
});
