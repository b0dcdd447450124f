import type { CatalogRepository, PackageTargetsRepository } from "@catalog/db";
import { isPassing, retryAt } from "@catalog/introspection";
import type { JobBus, JobData } from "@catalog/queue";
import type { DerivedService } from "../servers/derived.service.js";
import type { ObserveToolsService } from "../tools/observe-tools.service.js";

export type RecordIntrospectionOutcome = "recorded" | "duplicate" | "unknown_server";

/**
 * Takes an introspection result from the prober: stores it on its target with when to try again,
 * re-judges connectability with it, and records the tools it listed (source `introspection`)
 * while the package is still the one the server's latest version lists: tool history then spans
 * the package's versions as it spans a remote's probes.
 */
export class RecordIntrospectionService {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly targets: PackageTargetsRepository,
    private readonly derived: DerivedService,
    private readonly tools: ObserveToolsService,
    private readonly bus: JobBus,
  ) {}

  async record({
    serverName,
    target,
    result,
    tools,
  }: JobData<"catalog", "introspection-result">): Promise<RecordIntrospectionOutcome> {
    const at = new Date(result.finished_at);
    const written = await this.catalog.withServerLock(serverName, async (tx) => {
      if (!(await this.catalog.serverExists(tx, serverName))) return null;
      const stored = await this.targets.record(tx, serverName, target, {
        outcome: result.outcome,
        result,
        at,
        passing: isPassing(result.outcome),
        retry: (failures) => retryAt(result.outcome, failures, at),
      });
      if (stored.recorded) await this.derived.refresh(tx, serverName);
      return stored;
    });
    if (!written) return "unknown_server";
    if (!written.recorded) return "duplicate";
    if (written.active && result.outcome === "tools") {
      await this.tools.observe(serverName, tools, "introspection", at);
    } else {
      await this.bus.add("search", "index-server", { serverName });
    }
    return "recorded";
  }
}
