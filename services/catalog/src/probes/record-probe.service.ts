import type { CatalogRepository, ProbesRepository } from "@catalog/db";
import type { JobBus, JobData } from "@catalog/queue";
import type { DerivedService } from "../servers/derived.service.js";
import type { ObserveToolsService } from "../tools/observe-tools.service.js";

export type RecordOutcome = "recorded" | "duplicate" | "unknown_server";

/**
 * Takes a probe result from the prober: stores the probe, moves the remote's schedule state,
 * re-judges connectability with the new evidence, and records the tools it listed (source
 * `probe` for scheduled probes, `check` for on-demand checks). A partial tool list is not
 * recorded: it would read as tools removed.
 */
export class RecordProbeService {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly probes: ProbesRepository,
    private readonly derived: DerivedService,
    private readonly tools: ObserveToolsService,
    private readonly bus: JobBus,
  ) {}

  async record({
    serverName,
    url,
    scheduled,
    result,
    tools,
  }: JobData<"catalog", "probe-result">): Promise<RecordOutcome> {
    const startedAt = new Date(result.started_at);
    const finishedAt = new Date(result.finished_at);
    const outcome = await this.catalog.withServerLock(serverName, async (tx): Promise<RecordOutcome> => {
      if (!(await this.catalog.serverExists(tx, serverName))) return "unknown_server";
      const stored = await this.probes.record(tx, {
        serverName,
        url,
        scheduled,
        outcome: result.outcome,
        protocolVersion: result.protocol.version,
        latencyMs: result.timings.handshake_ms,
        authRequired: result.auth.required,
        result,
        startedAt,
        finishedAt,
      });
      if (!stored) return "duplicate";
      await this.probes.markProbed(tx, serverName, url, result.outcome, finishedAt);
      await this.derived.refresh(tx, serverName);
      return "recorded";
    });
    if (outcome !== "recorded") return outcome;
    if (result.outcome === "ok" && result.tools_error === null) {
      await this.tools.observe(serverName, tools, scheduled ? "probe" : "check", finishedAt);
    } else {
      await this.bus.add("search", "index-server", { serverName });
    }
    return outcome;
  }
}
