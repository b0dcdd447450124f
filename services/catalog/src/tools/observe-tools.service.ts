import type { CatalogRepository, ToolsRepository } from "@catalog/db";
import type { ListedTool as JobTool, ToolSourceId } from "@catalog/contracts";
import type { JobBus } from "@catalog/queue";
import { toolTokens } from "@catalog/context-cost";
import { definitionHash, diffTools, listHash, type ToolDefinition } from "@catalog/tool-history";
import type { DerivedService } from "../servers/derived.service.js";

export type ObserveOutcome = "baseline" | "changed" | "unchanged";

/**
 * Records an observation of a server's tools (from a probe, a check or an import). The first
 * observation is the baseline and records no history; later ones record what was added,
 * removed or changed. A new list re-derives the server (quality, categories, trust) in the same
 * transaction.
 */
export class ObserveToolsService {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly tools: ToolsRepository,
    private readonly derived: DerivedService,
    private readonly bus: JobBus,
  ) {}

  async observe(
    serverName: string,
    listed: JobTool[],
    source: ToolSourceId,
    observedAt: Date,
  ): Promise<ObserveOutcome> {
    const definitions = dedupe(listed).map(toDefinition);
    const hash = listHash(definitions);
    const outcome = await this.catalog.withServerLock(serverName, async (tx): Promise<ObserveOutcome> => {
      // Tools may arrive before their server's first version is written: fail, and let the job retry.
      if (!(await this.catalog.serverExists(tx, serverName)))
        throw new Error(`server ${serverName} is not in the catalog`);
      const last = await this.tools.lastObservation(tx, serverName);
      if (last && last.observedAt > observedAt) return "unchanged"; // an older observation arriving late
      if (last?.listHash === hash) {
        await this.tools.touch(tx, serverName, source, observedAt);
        return "unchanged";
      }
      const before = (await this.tools.current(tx, serverName)).map((t) => ({
        name: t.name,
        title: t.title ?? undefined,
        description: t.description,
        inputSchema: t.inputSchema,
        outputSchema: t.outputSchema,
        annotations: t.annotations,
      }));
      const changes = last ? diffTools(before, definitions) : [];
      await this.tools.record(
        tx,
        serverName,
        { source, observedAt, listHash: hash },
        definitions.map((d) => ({
          name: d.name,
          title: d.title ?? null,
          description: d.description,
          inputSchema: d.inputSchema,
          outputSchema: d.outputSchema ?? null,
          annotations: d.annotations ?? {},
          definitionHash: definitionHash(d),
          definitionTokens: toolTokens(d),
        })),
        changes,
      );
      await this.derived.refresh(tx, serverName);
      return last ? "changed" : "baseline";
    });
    if (outcome === "baseline" || outcome === "changed") {
      await this.bus.add("search", "index-server", { serverName });
    }
    return outcome;
  }
}

function toDefinition(t: JobTool): ToolDefinition {
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema,
    outputSchema: t.outputSchema ?? null,
    annotations: t.annotations ?? {},
  };
}

/** A server may list a name twice; the first definition wins, as clients keep the first. */
function dedupe(tools: JobTool[]): JobTool[] {
  const seen = new Set<string>();
  return tools.filter((t) => !seen.has(t.name) && seen.add(t.name));
}
