import { Router } from "express";
import {
  nextAction,
  SearchQuerySchema,
  searchRequestFromQuery,
  type NextAction,
  type SearchAnswer,
  type SearchQuery,
} from "@catalog/contracts";
import { publicCache } from "../http/cache.js";
import { sendError } from "../http/errors.js";
import { parseQuery } from "../http/validate.js";
import { SearchUnavailableError, type SearchClient } from "../search-client.js";

/** Search answers may be served from shared caches for a minute. */
const SEARCH_MAX_AGE = 60;

/** What to do next: open or connect the best result; with nothing found, drop the filters. */
function nextActions(query: SearchQuery, answer: SearchAnswer): NextAction[] {
  const top = answer.results[0];
  if (top) {
    return [
      nextAction("get_server", { name: top.name }),
      nextAction("get_connection", { name: top.name }),
      ...(top.matched_tools.length > 0 ? [nextAction("list_tools", { name: top.name })] : []),
    ];
  }
  const filtered = Object.keys(searchRequestFromQuery(query).filters).length > 0;
  return filtered ? [nextAction("search", { q: query.q })] : [];
}

/** GET /v1/search: hybrid search over servers and their tools. */
export function searchRoutes(search: SearchClient): Router {
  const router = Router();
  router.get("/search", async (req, res) => {
    const query = parseQuery(SearchQuerySchema, req, res, [nextAction("search", { q: "send a message" })]);
    if (!query) return;
    let answer: SearchAnswer;
    try {
      answer = await search.search(searchRequestFromQuery(query));
    } catch (err) {
      if (!(err instanceof SearchUnavailableError)) throw err;
      res.set("retry-after", "5");
      return sendError(res, 503, "search_unavailable", {}, [nextAction("search", { q: query.q })]);
    }
    publicCache(SEARCH_MAX_AGE)(req, res, () => undefined);
    res.json({ ...answer, next_actions: nextActions(query, answer) });
  });
  return router;
}
