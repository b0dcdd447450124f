import type { PackageRef } from "@catalog/contracts";
import {
  endedResult,
  listedTools,
  packageProbeResult,
  type IntrospectionResult,
} from "@catalog/introspection";
import type { Logger } from "@catalog/observability";
import { stableJobId, type JobBus, type JobData } from "@catalog/queue";
import { PackageSchema } from "@catalog/registry";
import { introspectPackage, type IntrospectOptions } from "./introspect.js";
import { countIntrospection, type IntrospectionMetrics } from "./metrics.js";

/**
 * The package as the contract names it. The schedule holds only packages the sandbox can start,
 * all of a known registry type; the result job's schema refuses any other.
 */
function packageRef(target: { registryType: string; identifier: string; version: string }): PackageRef {
  return {
    registry_type: target.registryType as PackageRef["registry_type"],
    identifier: target.identifier,
    version: target.version || null,
  };
}

/**
 * Runs one scheduled introspection: starts the listing's package in the sandbox and hands what it
 * showed to the catalog (the job id names the round: a retry hands it over once).
 */
export class RunIntrospectionService {
  constructor(
    private readonly bus: JobBus,
    private readonly options: IntrospectOptions,
    private readonly log: Logger,
    private readonly metrics?: IntrospectionMetrics,
  ) {}

  async run(data: JobData<"introspection", "introspect">): Promise<string> {
    const { serverName, target, scheduledFor } = data;
    const startedAt = new Date();
    const result = await this.introspect(data.package);
    const finishedAt = new Date();
    const seconds = (finishedAt.getTime() - startedAt.getTime()) / 1000;
    countIntrospection(this.metrics, this.options.cache.dir, "scheduled", result.outcome, seconds);
    this.log.info(
      {
        server: serverName,
        package: `${target.identifier}@${target.version || "newest"}`,
        outcome: result.outcome,
        seconds,
      },
      "package introspected",
    );
    await this.bus.add(
      "catalog",
      "introspection-result",
      {
        serverName,
        target,
        scheduledFor,
        result: packageProbeResult(packageRef(target), result, { startedAt, finishedAt }),
        tools: listedTools(result),
      },
      {
        jobId: stableJobId(
          "introspection",
          serverName,
          target.registryType,
          target.identifier,
          target.version,
          scheduledFor,
        ),
      },
    );
    return result.outcome;
  }

  /** A listing whose package entry does not parse cannot be started as listed. */
  private introspect(entry: Record<string, unknown>): Promise<IntrospectionResult> {
    const pkg = PackageSchema.safeParse(entry);
    if (pkg.success) return introspectPackage(pkg.data, this.options);
    return Promise.resolve(
      endedResult({
        outcome: "start_failed",
        reason:
          "The listing's package entry is not a valid server.json package, so it cannot be started as listed.",
      }),
    );
  }
}
