import type { ViewExportBody, ViewExportClient } from "@catalog/contracts";
import type { RegistryRepository } from "@catalog/db";
import type { ServerJson } from "@catalog/registry";
import { VIEW_EXPORTS, type ExcludedServer, type ViewServer } from "@catalog/views";
import type { ViewsService } from "./views.service.js";

/** Rows read per query while gathering a view's servers. */
const PAGE = 500;

/** A view as the allow-list file of a client (packages/views/src/exports, one file per client). */
export class ViewExportService {
  constructor(
    private readonly views: ViewsService,
    private readonly registry: RegistryRepository,
    /** BASE_URL without its trailing slash: a view's registry is served below it. */
    private readonly baseUrl: string,
  ) {}

  /** Null when there is no such view. */
  async export(view: string, client: ViewExportClient): Promise<ViewExportBody | null> {
    const scope = await this.views.scope(view);
    if (!scope?.servers) return null;
    const servers = await this.serversOf([...scope.servers], scope.pins);
    const excluded = await this.excludedOf(view);
    const file = VIEW_EXPORTS[client]({ registryUrl: `${this.baseUrl}/views/${view}`, servers, excluded });
    return { view, client, ...file, servers: servers.length, next_actions: [] };
  }

  /** The servers the view excludes for a risk flag, at their latest version, with the flags. */
  private async excludedOf(view: string): Promise<ExcludedServer[]> {
    const flagged = (await this.views.excludedForFlags(view)) ?? new Map<string, string[]>();
    if (flagged.size === 0) return [];
    // Denied whatever their entries look like: a gallery's dropping them does not stop a client.
    const servers = await this.serversOf([...flagged.keys()], undefined, false);
    return servers.map((s) => ({ ...s, flags: flagged.get(s.name) ?? [] }));
  }

  /** The view's servers at the version it serves (the latest, or the pinned one), by name. */
  private async serversOf(
    names: string[],
    pins?: ReadonlyMap<string, string>,
    listable = true,
  ): Promise<ViewServer[]> {
    const servers: ViewServer[] = [];
    let after: { name: string; version: string } | undefined;
    for (;;) {
      const rows = await this.registry.list({
        after,
        limit: PAGE,
        latestOnly: true,
        includeDeleted: false,
        names,
        pins,
        // What the view serves: entries a gallery would drop are not in it.
        listable,
      });
      for (const row of rows) {
        servers.push({ name: row.serverName, server: JSON.parse(row.serverJson) as ServerJson });
      }
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) return servers;
      after = { name: last.serverName, version: last.version };
    }
  }
}
