import type { PackageRef } from "@catalog/contracts";
import type { CheckRow, ChecksRepository } from "@catalog/db";
import {
  endedResult,
  listedTools,
  packageProbeResult,
  type IntrospectionResult,
} from "@catalog/introspection";
import { PackageSchema, type Package } from "@catalog/registry";
import { toolRiskReport } from "@catalog/tool-risk";
import { introspectPackage, type IntrospectOptions } from "../introspection/introspect.js";
import { countIntrospection, type IntrospectionMetrics } from "../introspection/metrics.js";

/**
 * Runs one on-demand check of a package: installs it and starts it in the sandbox
 * (introspectPackage), stores what it listed and the risk of those tools, once. The introspection
 * worker calls it for the `check` jobs of its queue.
 */
export class RunPackageCheckService {
  constructor(
    private readonly checks: ChecksRepository,
    private readonly options: IntrospectOptions,
    private readonly metrics?: IntrospectionMetrics,
  ) {}

  async run(checkId: string): Promise<"done" | "skipped"> {
    const check = await this.checks.find(checkId);
    if (!check?.package || check.status === "done") return "skipped";
    const startedAt = new Date();
    await this.checks.markRunning(check.id, startedAt);
    const result = await introspectPackage(listing(check.package), this.options);
    await this.finish(check, check.package, result, startedAt);
    return "done";
  }

  /**
   * Finishes a check that could not be run in time (its job lost or failing for good) as timed
   * out, with the reason: a check is never left queued or running.
   */
  async giveUp(check: CheckRow, reason: string): Promise<void> {
    if (!check.package) return;
    const result = endedResult({ outcome: "timed_out", reason });
    await this.finish(check, check.package, result, new Date());
  }

  private async finish(
    check: CheckRow,
    pkg: PackageRef,
    result: IntrospectionResult,
    startedAt: Date,
  ): Promise<void> {
    const finishedAt = new Date();
    const probe = packageProbeResult(pkg, result, { startedAt, finishedAt });
    const tool_risk = toolRiskReport(listedTools(result));
    if (await this.checks.finish(check.id, { probe, tool_risk }, finishedAt))
      countIntrospection(
        this.metrics,
        this.options.cache.dir,
        "check",
        probe.outcome,
        probe.timings.total_ms / 1000,
      );
  }
}

/**
 * A check names only the package: it is started as a stdio server with no arguments and no
 * variables (a listing would declare them; a package that needs them says so in its outcome).
 */
function listing(pkg: PackageRef): Package {
  return PackageSchema.parse({
    registryType: pkg.registry_type,
    identifier: pkg.identifier,
    ...(pkg.version === null ? {} : { version: pkg.version }),
    transport: { type: "stdio" },
  });
}
