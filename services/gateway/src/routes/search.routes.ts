import { Router } from "express";
import { nextAction, SearchQuerySchema } from "@catalog/contracts";
import { cacheFor } from "../http/cache.js";
import { sendError } from "../http/errors.js";
import { parseQuery } from "../http/validate.js";
import type { SearchService } from "../search/search.service.js";

/** Search answers may be served from shared caches for a minute. */
const SEARCH_MAX_AGE = 60;

/** GET /v1/search: hybrid search over servers and their tools. */
export function searchRoutes(search: SearchService): Router {
  const router = Router();
  router.get("/search", async (req, res) => {
    const query = parseQuery(SearchQuerySchema, req, res, [nextAction("search", { q: "send a message" })]);
    if (!query) return;
    const outcome = await search.search(query);
    if (!outcome.ok) {
      return sendError(res, outcome.status, outcome.error, outcome.details, outcome.nextActions);
    }
    cacheFor(res, SEARCH_MAX_AGE);
    res.json(outcome.body);
  });
  return router;
}
