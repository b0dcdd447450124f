import { compareServerCard, type CheckResult, type ProbeResult } from "@catalog/contracts";
import type { CheckRow, ChecksRepository } from "@catalog/db";
import { unreachedResult, type ProbedTool } from "@catalog/mcp-probe";
import { assessQuality } from "@catalog/quality";
import { stableJobId, type JobBus } from "@catalog/queue";
import { assessReadiness } from "@catalog/readiness";
import { toolRiskReport } from "@catalog/tool-risk";
import type { Job } from "bullmq";
import type { HostSlots } from "../host-slots.js";
import { toolDefinitions, type ProbeRunner } from "../probe-runner.js";

export type CheckRun = "done" | "skipped";

/**
 * Runs one on-demand check: probes the URL (one host slot), assesses quality (stability na),
 * directory readiness and tool risk, and stores the result once. A check of a catalog server's remote
 * also goes to the catalog, which records the tools it saw (source `check`).
 */
export class RunCheckService {
  constructor(
    private readonly checks: ChecksRepository,
    private readonly runner: ProbeRunner,
    private readonly slots: HostSlots,
    private readonly bus: JobBus,
  ) {}

  async run(checkId: string, job: Job, token: string | undefined): Promise<CheckRun> {
    const check = await this.checks.find(checkId);
    if (!check || check.status === "done") return "skipped";
    return this.slots.run<CheckRun>(new URL(check.normalizedUrl).host, job, token, async () => {
      await this.checks.markRunning(check.id, new Date());
      const { result: probe, tools } = await this.runner.probe(check.normalizedUrl, "check");
      await this.finish(check, probe, tools);
      return "done";
    });
  }

  /**
   * Finishes a check that could not be run in time (its job lost or failing for good) as a
   * timeout, with the reason: a check is never left queued or running.
   */
  async giveUp(check: CheckRow, reason: string): Promise<void> {
    const now = new Date();
    await this.finish(
      check,
      unreachedResult(check.normalizedUrl, { outcome: "timeout", detail: reason }, now),
      [],
    );
  }

  private async finish(check: CheckRow, probe: ProbeResult, tools: ProbedTool[]): Promise<void> {
    const description = check.serverName ? await this.checks.serverDescription(check.serverName) : null;
    const result: CheckResult = {
      probe,
      // A check reports what its one probe saw: no history holds a failure back.
      quality: assessQuality({
        description,
        probe,
        latestFailure: null,
        tools,
        stability: null,
        advisories: null,
      }),
      readiness: assessReadiness({ probe, tools }),
      tool_risk: toolRiskReport(toolDefinitions(tools)),
      server_card: probe.server_card
        ? compareServerCard(
            probe.server_card,
            check.serverName ? await this.checks.serverListing(check.serverName) : null,
          )
        : null,
    };
    const finished = await this.checks.finish(check.id, result, new Date());
    if (finished && check.serverName && check.url) {
      await this.bus.add(
        "catalog",
        "probe-result",
        {
          serverName: check.serverName,
          url: check.url,
          scheduled: false,
          result: probe,
          tools: toolDefinitions(tools),
        },
        { jobId: stableJobId("check", check.id) },
      );
    }
  }
}
