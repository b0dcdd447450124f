import { ViewNameSchema } from "@catalog/contracts";
import type { BlocklistService } from "../admin/blocklist.service.js";
import { failure } from "../http/outcome.js";
import type { ViewsService } from "../registry-views/views.service.js";
import type { Handlers } from "./handler.js";

export type OperatorsHandlerDeps = { blocklist: BlocklistService; views: ViewsService };

type OperatorOperation =
  "listBlocklist" | "addToBlocklist" | "removeFromBlocklist" | "putView" | "deleteView";

const viewNotFound = (view: string) => failure(404, "view_not_found", [], { view });
const viewNotEditable = (view: string) => failure(409, "view_not_editable", [], { view });

/**
 * The operators' blocklist and stored registry views (packages/contracts/src/operations/accounts.ts),
 * behind the admin token. Built-in views and VIEWS_FILE's cannot be changed here; every replica
 * serves an edit within VIEWS_REFRESH_MS.
 */
export function operatorsHandlers(deps: OperatorsHandlerDeps): Pick<Handlers, OperatorOperation> {
  const { blocklist, views } = deps;
  return {
    listBlocklist: { run: async () => ({ ok: true, body: { entries: await blocklist.list() } }) },
    addToBlocklist: {
      run: async ({ body }) => ({
        ok: true,
        status: 201,
        body: await blocklist.add(body.name, body.reason, "admin-api"),
      }),
    },
    removeFromBlocklist: {
      run: async ({ query }) =>
        (await blocklist.remove(query.name))
          ? { ok: true, status: 204, body: undefined }
          : failure(404, "not_found", [], { name: query.name }),
    },
    putView: {
      run: async ({ params, body }) => {
        const name = ViewNameSchema.safeParse(params.view);
        if (!name.success) return viewNotFound(params.view);
        const saved = await views.save(name.data, body);
        if (saved === "fixed") return viewNotEditable(name.data);
        return { ok: true, status: saved.created ? 201 : 200, body: saved.view };
      },
    },
    deleteView: {
      run: async ({ params }) => {
        const removed = await views.remove(params.view);
        if (removed === "fixed") return viewNotEditable(params.view);
        return removed ? { ok: true, status: 204, body: undefined } : viewNotFound(params.view);
      },
    },
  };
}
