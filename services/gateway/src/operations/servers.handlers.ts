import { nextAction } from "@catalog/contracts";
import type { ReadCache } from "../read-cache/read-cache.js";
import type { ConnectionService } from "../servers/connection.service.js";
import type { DependenciesService } from "../servers/dependencies.service.js";
import { getServer, listTools } from "../servers/next-actions.js";
import type { QualityService } from "../servers/quality.service.js";
import type { ServersService } from "../servers/servers.service.js";
import type { Handlers } from "./handler.js";
import { readKey, readThrough } from "./read-through.js";

export type ServersHandlerDeps = {
  servers: ServersService;
  connections: ConnectionService;
  quality: QualityService;
  dependencies: DependenciesService;
  /** Rendered descriptors, tool pages, connections and quality of this replica. */
  reads: ReadCache;
};

type ServerOperations =
  "getServer" | "listServerTools" | "getToolHistory" | "getConnection" | "getQuality" | "getDependencies";

/** A server's resources under /v1/servers/{name} (packages/contracts/src/operations/servers.ts). */
export function serversHandlers(deps: ServersHandlerDeps): Pick<Handlers, ServerOperations> {
  const { servers, connections, quality, dependencies, reads } = deps;
  return {
    getServer: {
      retry: ({ name }) => [getServer(name)],
      run: ({ params: { name }, query: { schemas } }) =>
        readThrough(reads, { key: readKey.descriptor(name, schemas), serverOf: (b) => b.name }, () =>
          servers.descriptor(name, schemas),
        ),
    },
    listServerTools: {
      retry: ({ name }) => [listTools(name)],
      run: ({ params: { name }, query: { limit, cursor } }) =>
        readThrough(reads, { key: readKey.tools(name, limit, cursor?.[0]), serverOf: (b) => b.server }, () =>
          servers.tools(name, limit, cursor?.[0]),
        ),
    },
    getToolHistory: {
      retry: ({ name }) => [listTools(name)],
      run: ({ params: { name }, query: { limit, before } }) =>
        servers.toolHistory(name, limit, before && { observedAt: before[0] ?? "", id: before[1] ?? "" }),
    },
    getConnection: {
      retry: ({ name }) => [nextAction("get_connection", { name, target: "mcpServers" })],
      run: ({ params: { name }, query: { target } }) =>
        readThrough(reads, { key: readKey.connection(name, target), serverOf: (b) => b.server }, () =>
          connections.connection(name, target),
        ),
    },
    getQuality: {
      retry: ({ name }) => [getServer(name)],
      run: ({ params: { name }, query: { days } }) =>
        readThrough(reads, { key: readKey.quality(name, days), serverOf: (b) => b.server }, () =>
          quality.quality(name, days),
        ),
    },
    getDependencies: { run: ({ params: { name } }) => dependencies.dependencies(name) },
  };
}
