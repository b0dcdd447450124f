import { Router } from "express";
import { nextAction, searchRequestFromQuery, SearchQuerySchema } from "@catalog/contracts";
import { cacheFor } from "../http/cache.js";
import { parseQuery } from "../http/validate.js";
import { readKey, sendCachedRead } from "../read-cache/cached-read.js";
import type { ReadCache } from "../read-cache/read-cache.js";
import type { SearchService } from "../search/search.service.js";

/** Search answers may be served from shared caches for a minute. */
const SEARCH_MAX_AGE = 60;

/**
 * GET /v1/search: hybrid search over servers and their tools. The body is kept like a read (a
 * repeated anonymous search of the same URL is answered by the fast lane, before the routes)
 * until a change of the catalog or the search index is announced.
 */
export function searchRoutes(search: SearchService, reads: ReadCache): Router {
  const router = Router();
  router.get("/search", async (req, res) => {
    const query = parseQuery(SearchQuerySchema, req, res, [nextAction("search", { q: "send a message" })]);
    if (!query) return;
    cacheFor(res, SEARCH_MAX_AGE);
    await sendCachedRead(
      req,
      res,
      reads,
      { key: readKey.search(searchRequestFromQuery(query), query.detail), serverOf: () => null },
      () => search.search(query),
    );
  });
  return router;
}
