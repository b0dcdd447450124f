import {
  atDetail,
  nextAction,
  searchRequestFromQuery,
  type NextAction,
  type SearchAnswer,
  type SearchQuery,
  type SearchResponse,
} from "@catalog/contracts";
import { unavailableDetails } from "../http/errors.js";
import { failure, success, type Outcome } from "../http/outcome.js";
import { SearchUnavailableError, type SearchClient } from "../search-client.js";

/** Search as REST and MCP answer it: the search service's answer with what to do next. */
export class SearchService {
  constructor(private readonly client: SearchClient) {}

  async search(query: SearchQuery): Promise<Outcome<SearchResponse>> {
    let answer: SearchAnswer;
    try {
      answer = await this.client.search(searchRequestFromQuery(query));
    } catch (err) {
      if (!(err instanceof SearchUnavailableError)) throw err;
      return failure(503, "search_unavailable", [retry(query)], unavailableDetails());
    }
    return success(atDetail(answer, query.detail, nextActions(query, answer)));
  }
}

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
  return filtered ? [retry(query)] : [];
}

/** The same search without its filters. */
function retry({ q, intents }: SearchQuery): NextAction {
  return nextAction("search", { ...(q === undefined ? {} : { q }), ...(intents ? { intents } : {}) });
}
