import type { IntegrationStates } from "@catalog/config";
import {
  nextAction,
  OPERATIONS,
  openApiDocument,
  type HealthBody,
  type SearchMode,
} from "@catalog/contracts";
import type { Handlers } from "./handler.js";

export type HealthProbe = {
  dependencies: () => Promise<Record<string, boolean>>;
  searchMode: () => Promise<SearchMode>;
  /** The outbound integrations and whether each is switched on (the same settings as the workers'). */
  integrations: IntegrationStates;
  /** What the replica saw (when Redis last came back without its data). */
  details: () => Pick<HealthBody, "redis_data_lost_at" | "reconciled_at">;
};

export type ServiceHandlerDeps = { health: HealthProbe; baseUrl: string; version: string };

/** /healthz, /openapi.json and the service index (packages/contracts/src/operations/service.ts). */
export function serviceHandlers(
  deps: ServiceHandlerDeps,
): Pick<Handlers, "health" | "openApi" | "serviceIndex"> {
  const { health, baseUrl } = deps;
  // Built once from the operations' declarations.
  const document = JSON.stringify(openApiDocument(OPERATIONS, { baseUrl, version: deps.version }));
  const index = JSON.stringify({
    name: "MCP Server Catalog",
    docs: `${baseUrl}/docs`,
    openapi: `${baseUrl}/openapi.json`,
    mcp: `${baseUrl}/mcp`,
    registry: `${baseUrl}/v0.1/servers`,
    next_actions: [nextAction("search", { q: "send a message to a team channel" })],
  });
  return {
    // 503 when PostgreSQL or Redis is unreachable.
    health: {
      run: async () => {
        const [dependencies, search] = await Promise.all([health.dependencies(), health.searchMode()]);
        const ok = Object.values(dependencies).every(Boolean);
        const body = {
          ok,
          search,
          mcp: "/mcp",
          dependencies,
          integrations: health.integrations,
          ...health.details(),
        };
        return { ok: true, body, status: ok ? 200 : 503 };
      },
    },
    openApi: { run: async () => ({ ok: true, json: document }) },
    serviceIndex: { run: async () => ({ ok: true, json: index }) },
  };
}
