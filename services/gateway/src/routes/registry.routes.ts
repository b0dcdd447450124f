import { Router, type Request } from "express";
import { parseRfc3339, RegistryListQuerySchema, RegistryVersionsQuerySchema } from "@catalog/contracts";
import { splitNamePath } from "@catalog/registry";
import { publicCache } from "../http/cache.js";
import { rawPath } from "../http/paths.js";
import { notFound, problem, sendProblem, validationProblem } from "../http/errors.js";
import { sendKept } from "../read-cache/cached-read.js";
import type { ReadCache } from "../read-cache/read-cache.js";
import type { RegistryService, ScopeState } from "../registry/registry.service.js";
import type { ViewsService } from "../registry-views/views.service.js";

const SERVER_NOT_FOUND = "Server not found";
const VIEW_NOT_FOUND = "View not found";

export type RegistryScope = {
  /** Null when the scope does not exist (an unknown view). */
  resolve: (req: Request) => Promise<ScopeState | null>;
  /** Servers that joined the scope after `since`, and those that left it (a view's membership). */
  changedSince: (req: Request, since: Date) => Promise<{ joined: string[]; left: string[] }>;
};

const WHOLE_CATALOG: RegistryScope = {
  resolve: async () => ({ key: "v0.1" }),
  changedSince: async () => ({ joined: [], left: [] }),
};

/** A registry view's scope: its servers as its rules admit them now, and its pinned versions. */
export function viewScope(views: ViewsService): RegistryScope {
  return {
    resolve: (req) => views.scope(String(req.params.view)),
    changedSince: (req, since) => views.changedSince(String(req.params.view), since),
  };
}

/**
 * Mounted at /v0.1: GET /servers, /servers/{name}/versions and /servers/{name}/versions/{version}.
 * Bodies are kept in the read cache: a list page until any server changes, a server's versions
 * until that server does.
 */
export function registryRoutes(
  service: RegistryService,
  reads: ReadCache,
  scope: RegistryScope = WHOLE_CATALOG,
): Router {
  // mergeParams: a view's scope reads its name from the mount path (/views/:view/v0.1).
  const router = Router({ mergeParams: true });
  router.use(publicCache(300));

  router.get("/servers", async (req, res) => {
    const query = RegistryListQuerySchema.safeParse(req.query);
    if (!query.success)
      return sendProblem(res, validationProblem(query.error, req.query as Record<string, unknown>));
    const q = query.data;
    let updatedSince: Date | undefined;
    if (q.updated_since !== undefined) {
      updatedSince = parseRfc3339(q.updated_since);
      if (!updatedSince) {
        return sendProblem(
          res,
          problem(
            400,
            "Invalid updated_since format: expected RFC3339 timestamp (e.g., 2025-08-07T13:15:04.280Z)",
          ),
        );
      }
      if (q.include_deleted === "false") {
        return sendProblem(res, problem(400, "include_deleted=false cannot be combined with updated_since"));
      }
    }
    const state = await scope.resolve(req);
    if (!state) return sendProblem(res, problem(404, VIEW_NOT_FOUND));
    const { servers, pins } = state;
    const key = `${state.key} list ${JSON.stringify(q)}`;
    const hit = reads.get(key);
    if (hit) return sendKept(req, res, reads, key, hit);
    const ticket = reads.ticket();
    // A server that joined the view since counts as new, one that left as deleted.
    const changes = servers && updatedSince ? await scope.changedSince(req, updatedSince) : undefined;
    const body = await service.list({
      names: servers && [...servers],
      joined: changes?.joined,
      left: changes?.left,
      pins,
      cursor: q.cursor || undefined,
      limit: q.limit,
      search: q.search || undefined,
      updatedSince,
      version: q.version || undefined,
      includeDeleted: q.include_deleted === "true",
    });
    sendKept(req, res, reads, key, reads.keep(ticket, key, null, body));
  });

  router.get("/servers/*rest", async (req, res, next) => {
    const split = splitNamePath(rawPath(req).slice(`${req.baseUrl}/servers/`.length));
    if (!split) return sendProblem(res, problem(400, "Invalid server name encoding"));
    const { name, rest } = split;
    if (rest[0] !== "versions" || rest.length > 2) return next();
    const query = RegistryVersionsQuerySchema.safeParse(req.query);
    if (!query.success)
      return sendProblem(res, validationProblem(query.error, req.query as Record<string, unknown>));
    const state = await scope.resolve(req);
    if (!state) return sendProblem(res, problem(404, VIEW_NOT_FOUND));
    if (state.servers && !state.servers.has(name)) return sendProblem(res, problem(404, SERVER_NOT_FOUND));
    const pin = state.pins?.get(name);
    const includeDeleted = query.data.include_deleted === "true";
    const key = `${state.key} ${name} ${rest[1] ?? ""} ${includeDeleted}`;
    const hit = reads.get(key);
    if (hit) return sendKept(req, res, reads, key, hit);
    const ticket = reads.ticket();
    const body =
      rest.length === 1
        ? await service.versions(name, includeDeleted, pin)
        : await service.version(name, rest[1] ?? "", pin);
    if (body === null) return sendProblem(res, problem(404, SERVER_NOT_FOUND));
    sendKept(req, res, reads, key, reads.keep(ticket, key, name, body));
  });

  router.all("/*rest", notFound);
  return router;
}
