import {
  CATEGORIES,
  nextAction,
  searchRequestFromQuery,
  VIEW_EXPORT_CLIENTS,
  type CategoriesBody,
  type ViewExportClient,
} from "@catalog/contracts";
import { failure, success } from "../http/outcome.js";
import type { ReadCache } from "../read-cache/read-cache.js";
import type { ViewExportService } from "../registry-views/view-export.service.js";
import type { ViewsService } from "../registry-views/views.service.js";
import type { SearchService } from "../search/search.service.js";
import type { Handlers } from "./handler.js";
import { readKey, readThrough } from "./read-through.js";

export type SearchHandlerDeps = {
  search: SearchService;
  views: ViewsService;
  exports: ViewExportService;
  reads: ReadCache;
};

/** The fixed taxonomy, each category with the search that filters by it. */
const CATEGORIES_JSON = JSON.stringify({
  categories: CATEGORIES.map(({ id, title, description }) => ({ id, title, description })),
  next_actions: CATEGORIES.map((c) => nextAction("search", { q: c.title, category: c.id })),
} satisfies CategoriesBody);

const isClient = (value: string): value is ViewExportClient =>
  (VIEW_EXPORT_CLIENTS as readonly string[]).includes(value);

/** Search, the categories and the registry views (packages/contracts/src/operations/search.ts). */
export function searchHandlers(
  deps: SearchHandlerDeps,
): Pick<Handlers, "searchServers" | "listCategories" | "listViews" | "exportView"> {
  const { search, views, exports, reads } = deps;
  return {
    // The body is kept like a read (a repeated anonymous search of the same URL is answered by
    // the fast lane) until a change of the catalog or the search index is announced.
    searchServers: {
      retry: () => [nextAction("search", { q: "send a message" })],
      run: ({ query }) =>
        readThrough(
          reads,
          { key: readKey.search(searchRequestFromQuery(query), query.detail), serverOf: () => null },
          () => search.search(query),
        ),
    },
    listCategories: { run: async () => ({ ok: true, json: CATEGORIES_JSON }) },
    listViews: { run: async () => success(await views.list()) },
    exportView: {
      run: async ({ params: { view, client } }) => {
        if (!isClient(client))
          return failure(404, "not_found", [], {
            message: `Exports are for ${VIEW_EXPORT_CLIENTS.join(", ")}.`,
          });
        const body = await exports.export(view, client);
        return body ? success(body) : failure(404, "view_not_found", [], { view });
      },
    },
  };
}
