import { ProbeResultSchema, type ProbeResult } from "@catalog/contracts";
import type { CatalogRepository, ProbesRepository } from "@catalog/db";
import type { JobBus, JobData } from "@catalog/queue";
import type { DerivedService } from "../servers/derived.service.js";
import type { ObserveToolsService } from "../tools/observe-tools.service.js";

export type RecordOutcome = "recorded" | "duplicate" | "unknown_server";

/**
 * A probe that reused the last tool list (its ttl had not run out) is stored with that list's
 * tools, counts, error and cloaking comparison, so quality and trust read the same list as before
 * rather than an empty one, and a cloaking server keeps its flag while its list is reused.
 */
function carryForward(result: ProbeResult, last: unknown): ProbeResult {
  const parsed = ProbeResultSchema.safeParse(last);
  if (!parsed.success) return result;
  const { tools, tool_count, tool_pages, tools_error, cloaking } = parsed.data;
  return { ...result, tools, tool_count, tool_pages, tools_error, cloaking: cloaking ?? null };
}

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
    const reused = Boolean(result.tools_reused_until);
    const outcome = await this.catalog.withServerLock(serverName, async (tx): Promise<RecordOutcome> => {
      if (!(await this.catalog.serverExists(tx, serverName))) return "unknown_server";
      if (reused) result = carryForward(result, await this.probes.lastListedResult(tx, serverName, url));
      const stored = await this.probes.record(tx, {
        serverName,
        url,
        scheduled,
        outcome: result.outcome,
        protocolVersion: result.protocol.version,
        latencyMs: result.timings.handshake_ms,
        authRequired: result.auth.required,
        access: result.access ?? null,
        toolsTtlMs: result.tools_cache?.ttl_ms ?? null,
        toolsCacheScope: result.tools_cache?.cache_scope ?? null,
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
    // A reused list is the one already observed: observing no tools would read as all removed.
    if (result.outcome === "ok" && result.tools_error === null && !reused) {
      await this.tools.observe(serverName, tools, scheduled ? "probe" : "check", finishedAt);
    } else {
      await this.bus.add("search", "index-server", { serverName });
    }
    return outcome;
  }
}
