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
import type { ReadCache } from "../read-cache/index.js";
import { SearchUnavailableError, type SearchClient } from "./search-client.js";

/**
 * Search as REST and MCP answer it: the search service's answer with what to do next. An answer
 * is kept by this replica (in its read cache, under the request it answers: query, intents,
 * filters, limit) until a change of the catalog or the search index is announced, so a repeated
 * search is answered without the hop to the search service, keyed or anonymous alike (usage is
 * counted before the route, whatever answers).
 */
export class SearchService {
  constructor(
    private readonly client: SearchClient,
    private readonly reads: ReadCache,
  ) {}

  async search(query: SearchQuery): Promise<Outcome<SearchResponse>> {
    const request = searchRequestFromQuery(query);
    const key = `search ${JSON.stringify(request)}`;
    const kept = this.reads.get(key);
    let answer: SearchAnswer;
    let keep = true;
    if (kept) answer = JSON.parse(kept.bytes.toString("utf8")) as SearchAnswer;
    else {
      const ticket = this.reads.ticket();
      try {
        answer = await this.client.search(request);
      } catch (err) {
        if (!(err instanceof SearchUnavailableError)) throw err;
        return failure(503, "search_unavailable", [retry(query)], unavailableDetails());
      }
      keep = await this.keepable(answer);
      // Depends on every server (null): any announced change forgets it.
      if (keep) this.reads.keep(ticket, key, null, JSON.stringify(answer));
    }
    // The answer's body goes through the operation's read cache too: the same rule holds there.
    return success(atDetail(answer, query.detail, nextActions(query, answer)), keep);
  }

  /**
   * Whether an answer may be replayed: the one place that decides. A keyword answer of a service
   * that has its model is partial (the query's vector came late): it is answered, never kept.
   */
  private async keepable(answer: SearchAnswer): Promise<boolean> {
    return answer.mode === "hybrid" || (await this.client.mode()) === "keyword";
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
