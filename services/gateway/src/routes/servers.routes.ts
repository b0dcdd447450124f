import { Router, type Request, type Response } from "express";
import {
  getConnection,
  getDependencies,
  getQuality,
  getServer,
  getToolHistory,
  listServerTools,
  matchOperation,
  ConnectionQuerySchema,
  DescriptorQuerySchema,
  nextAction,
  QualityQuerySchema,
  ToolHistoryQuerySchema,
  ToolsQuerySchema,
  type ConnectionBody,
  type QualityBody,
  type ServerDescriptor,
  type ToolListBody,
} from "@catalog/contracts";
import { splitNamePath } from "@catalog/registry";
import { cacheFor } from "../http/cache.js";
import { sendError } from "../http/errors.js";
import { sendOutcome, type Outcome } from "../http/outcome.js";
import { rawPath } from "../http/paths.js";
import { parseQuery } from "../http/validate.js";
import { readKey, sendCachedRead } from "../read-cache/cached-read.js";
import type { ReadCache } from "../read-cache/read-cache.js";
import type { ConnectionService } from "../servers/connection.service.js";
import type { DependenciesService } from "../servers/dependencies.service.js";
import { getServer as getServerAction, listTools } from "../servers/next-actions.js";
import type { QualityService } from "../servers/quality.service.js";
import type { ServersService } from "../servers/servers.service.js";

export type ServersRoutesDeps = {
  servers: ServersService;
  connections: ConnectionService;
  quality: QualityService;
  dependencies: DependenciesService;
  /** Rendered descriptors, tool pages, connections and quality of this replica. */
  reads: ReadCache;
};

type Handler = (name: string, req: Request, res: Response) => Promise<void>;

const PREFIX = "/v1/servers/";

/** The operations under /v1/servers/{name} (packages/contracts/src/operations/servers.ts). */
const SERVER_OPERATIONS = [
  getServer,
  listServerTools,
  getToolHistory,
  getConnection,
  getQuality,
  getDependencies,
];

/**
 * Mounted at /v1: a server's resources under /servers/{name}, the name with a literal slash or
 * %2F. A valid name has exactly one slash, so what follows it picks the operation.
 */
export function serversRoutes(deps: ServersRoutesDeps): Router {
  const handlers = resourceHandlers(deps);
  const router = Router();
  // A plain prefix, not a route parameter: Express would reject broken percent-encoding itself.
  router.use("/servers", async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const split = splitNamePath(rawPath(req).slice(PREFIX.length));
    if (!split) {
      return sendError(res, 400, "bad_request", {
        issues: { fieldErrors: { name: ["invalid percent-encoding in the server name"] } },
      });
    }
    const handler = handlers[matchOperation(SERVER_OPERATIONS, req.method, rawPath(req))?.id ?? ""];
    if (!handler || split.name === "") return next();
    cacheFor(res, 300);
    await handler(split.name, req, res);
  });
  return router;
}

function resourceHandlers({ servers, connections, quality, dependencies, reads }: ServersRoutesDeps) {
  const cached = <T>(req: Request, res: Response, key: string, serverOf: (body: T) => string) => ({
    send: (compute: () => Promise<Outcome<T>>) => sendCachedRead(req, res, reads, { key, serverOf }, compute),
  });
  const handlers: Record<string, Handler> = {
    [getServer.id]: async (name, req, res) => {
      const q = parseQuery(DescriptorQuerySchema, req, res, [getServerAction(name)]);
      if (q)
        await cached<ServerDescriptor>(req, res, readKey.descriptor(name, q.schemas), (b) => b.name).send(
          () => servers.descriptor(name, q.schemas),
        );
    },
    [listServerTools.id]: async (name, req, res) => {
      const q = parseQuery(ToolsQuerySchema, req, res, [listTools(name)]);
      if (q)
        await cached<ToolListBody>(
          req,
          res,
          readKey.tools(name, q.limit, q.cursor?.[0]),
          (b) => b.server,
        ).send(() => servers.tools(name, q.limit, q.cursor?.[0]));
    },
    [getToolHistory.id]: async (name, req, res) => {
      const q = parseQuery(ToolHistoryQuerySchema, req, res, [listTools(name)]);
      if (!q) return;
      const before = q.before ? { observedAt: q.before[0] ?? "", id: q.before[1] ?? "" } : undefined;
      sendOutcome(req, res, await servers.toolHistory(name, q.limit, before));
    },
    [getConnection.id]: async (name, req, res) => {
      const retry = [nextAction("get_connection", { name, target: "mcpServers" })];
      const q = parseQuery(ConnectionQuerySchema, req, res, retry);
      if (q)
        await cached<ConnectionBody>(req, res, readKey.connection(name, q.target), (b) => b.server).send(() =>
          connections.connection(name, q.target),
        );
    },
    [getQuality.id]: async (name, req, res) => {
      const q = parseQuery(QualityQuerySchema, req, res, [getServerAction(name)]);
      if (q)
        await cached<QualityBody>(req, res, readKey.quality(name, q.days), (b) => b.server).send(() =>
          quality.quality(name, q.days),
        );
    },
    [getDependencies.id]: async (name, req, res) => {
      sendOutcome(req, res, await dependencies.dependencies(name));
    },
  };
  return handlers;
}
