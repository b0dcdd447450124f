import type { Config } from "@catalog/config";
import type { PackageRef } from "@catalog/contracts";
import type { CheckRow, ChecksRepository } from "@catalog/db";
import {
  endedResult,
  listedTools,
  packageProbeResult,
  type IntrospectionResult,
} from "@catalog/introspection";
import type { Metrics } from "@catalog/observability";
import { PackageSchema, type Package } from "@catalog/registry";
import { toolRiskReport } from "@catalog/tool-risk";
import { introspectPackage, type IntrospectOptions } from "../introspection/introspect.js";

type CheckMetrics = Pick<Metrics, "introspectionOutcomes" | "introspectionDuration">;

/**
 * Runs one on-demand check of a package: installs it and starts it in the sandbox
 * (introspectPackage), stores what it listed and the risk of those tools, once. The introspection
 * worker calls it for the `check` jobs of its queue.
 */
export class RunPackageCheckService {
  constructor(
    private readonly checks: ChecksRepository,
    private readonly options: IntrospectOptions,
    private readonly metrics?: CheckMetrics,
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
    if (await this.checks.finish(check.id, { probe, tool_risk }, finishedAt)) {
      this.metrics?.introspectionOutcomes.inc({ outcome: probe.outcome, kind: "check" });
      this.metrics?.introspectionDuration.observe({ kind: "check" }, probe.timings.total_ms / 1000);
    }
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

type IntrospectionSettings = Pick<
  Config,
  | "INTROSPECTION_DEADLINE_MS"
  | "INTROSPECTION_INSTALL_TIMEOUT_MS"
  | "INTROSPECTION_CACHE_DIR"
  | "INTROSPECTION_CACHE_MAX_BYTES"
  | "NPM_REGISTRY_URL"
>;

/** The package checks of a process, with its introspection settings (for the introspection worker). */
export function packageChecks(
  checks: ChecksRepository,
  config: IntrospectionSettings,
  metrics?: CheckMetrics,
): RunPackageCheckService {
  const options: IntrospectOptions = {
    cache: {
      dir: config.INTROSPECTION_CACHE_DIR,
      maxBytes: config.INTROSPECTION_CACHE_MAX_BYTES,
      timeoutMs: config.INTROSPECTION_INSTALL_TIMEOUT_MS,
      ...(config.NPM_REGISTRY_URL ? { registry: config.NPM_REGISTRY_URL } : {}),
    },
    limits: { deadlineMs: config.INTROSPECTION_DEADLINE_MS },
  };
  return new RunPackageCheckService(checks, options, metrics);
}
