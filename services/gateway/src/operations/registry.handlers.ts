import { parseRfc3339, type RegistryListQuery } from "@catalog/contracts";
import { failure } from "../http/outcome.js";
import type { ReadCache } from "../read-cache/read-cache.js";
import type { RegistryService, ScopeState } from "../registry/registry.service.js";
import type { ViewsService } from "../registry-views/views.service.js";
import type { Answer, Handlers } from "./handler.js";

export type RegistryHandlerDeps = { registry: RegistryService; views: ViewsService; reads: ReadCache };

/** Which servers a request sees: the whole catalog, or a view's (null: no such view). */
type Scope = {
  resolve: () => Promise<ScopeState | null>;
  /** Servers that joined the scope after `since`, and those that left it (a view's membership). */
  changedSince: (since: Date) => Promise<{ joined: string[]; left: string[] }>;
};

type ScopedParams = { view?: string; serverName?: string; version?: string };

/** The official registry's wording of a failure: its problem details carry this as `detail`. */
const notFound = (what: "Server" | "View") => failure(404, `${what} not found`, []);
const invalid = (detail: string) => failure(400, detail, []);

/**
 * /v0.1 and each view's /views/{view}/v0.1 (packages/contracts/src/operations/registry.ts).
 * Bodies are rendered by the service and kept in the read cache: a list page until any server
 * changes, a server's versions until that server does.
 */
export function registryHandlers(
  deps: RegistryHandlerDeps,
): Pick<
  Handlers,
  | "registryListServers"
  | "registryServerVersions"
  | "registryServerVersion"
  | "viewListServers"
  | "viewServerVersions"
  | "viewServerVersion"
> {
  const whole: Scope = {
    resolve: async () => ({ key: "v0.1" }),
    changedSince: async () => ({ joined: [], left: [] }),
  };
  const view = (name: string): Scope => ({
    resolve: () => deps.views.scope(name),
    changedSince: (since) => deps.views.changedSince(name, since),
  });
  const scopeOf = (params: ScopedParams) => (params.view === undefined ? whole : view(params.view));
  const list = ({ params, query }: { params: ScopedParams; query: RegistryListQuery }) =>
    listServers(deps, scopeOf(params), query);
  const versions = ({ params, query }: { params: ScopedParams; query?: { include_deleted?: string } }) =>
    serverVersions(deps, scopeOf(params), params, query?.include_deleted === "true");
  return {
    registryListServers: { run: list },
    registryServerVersions: { run: versions },
    registryServerVersion: { run: versions },
    viewListServers: { run: list },
    viewServerVersions: { run: versions },
    viewServerVersion: { run: versions },
  };
}

async function listServers(
  deps: RegistryHandlerDeps,
  scope: Scope,
  q: RegistryListQuery,
): Promise<Answer<never>> {
  let updatedSince: Date | undefined;
  if (q.updated_since !== undefined) {
    updatedSince = parseRfc3339(q.updated_since);
    if (!updatedSince)
      return invalid(
        "Invalid updated_since format: expected RFC3339 timestamp (e.g., 2025-08-07T13:15:04.280Z)",
      );
    if (q.include_deleted === "false")
      return invalid("include_deleted=false cannot be combined with updated_since");
  }
  const state = await scope.resolve();
  if (!state) return notFound("View");
  const { servers, pins } = state;
  return keptJson(deps.reads, `${state.key} list ${JSON.stringify(q)}`, null, async () => {
    // A server that joined the view since counts as new, one that left as deleted.
    const changes = servers && updatedSince ? await scope.changedSince(updatedSince) : undefined;
    return deps.registry.list({
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
      // A view serves only entries VS Code's gallery keeps (it drops those without a description).
      listable: servers !== undefined,
    });
  });
}

async function serverVersions(
  deps: RegistryHandlerDeps,
  scope: Scope,
  params: ScopedParams,
  includeDeleted: boolean,
): Promise<Answer<never>> {
  const name = params.serverName ?? "";
  const state = await scope.resolve();
  if (!state) return notFound("View");
  if (state.servers && !state.servers.has(name)) return notFound("Server");
  const pin = state.pins?.get(name);
  const listable = state.servers !== undefined;
  const key = `${state.key} ${name} ${params.version ?? ""} ${includeDeleted}`;
  return keptJson(deps.reads, key, name, () =>
    params.version === undefined
      ? deps.registry.versions(name, includeDeleted, pin, listable)
      : deps.registry.version(name, params.version, pin, listable),
  );
}

/** A body the service renders itself, through the read cache (null: the server is not found). */
async function keptJson(
  reads: ReadCache,
  key: string,
  server: string | null,
  render: () => Promise<string | null>,
): Promise<Answer<never>> {
  const hit = reads.get(key);
  if (hit) return { ok: true, kept: hit, key };
  const ticket = reads.ticket();
  const json = await render();
  if (json === null) return notFound("Server");
  return { ok: true, kept: reads.keep(ticket, key, server, json), key };
}
