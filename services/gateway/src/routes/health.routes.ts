import type { IntegrationStates } from "@catalog/config";
import type { SearchMode } from "@catalog/contracts";
import { Router } from "express";
import { noStore } from "../http/cache.js";

export type HealthProbe = {
  dependencies: () => Promise<Record<string, boolean>>;
  searchMode: () => Promise<SearchMode>;
  /** The outbound integrations and whether each is switched on (the same settings as the workers'). */
  integrations: IntegrationStates;
  /** What the replica saw (when Redis last came back without its data). */
  details: () => Record<string, unknown>;
};

/**
 * GET /healthz: `{ok, search, mcp, dependencies, integrations, redis_data_lost_at, reconciled_at}`,
 * 503 when PostgreSQL or Redis is unreachable.
 */
export function healthRoutes(probe: HealthProbe): Router {
  const router = Router();
  router.get("/healthz", noStore, async (_req, res) => {
    const [deps, search] = await Promise.all([probe.dependencies(), probe.searchMode()]);
    const ok = Object.values(deps).every(Boolean);
    res.status(ok ? 200 : 503).json({
      ok,
      search,
      mcp: "/mcp",
      dependencies: deps,
      integrations: probe.integrations,
      ...probe.details(),
    });
  });
  return router;
}
