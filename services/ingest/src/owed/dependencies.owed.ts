import type { DependenciesRepository } from "@catalog/db";
import { stableJobId, type JobBus } from "@catalog/queue";
import { eachPage, type OwedWork } from "@catalog/runtime";

/**
 * Servers whose latest version declares a package without a dependency report: the resolve job
 * the catalog queued for that version, queued again under the same id.
 */
export function owedResolves(reports: DependenciesRepository, bus: JobBus): OwedWork {
  return {
    name: "dependencies",
    queue: () =>
      eachPage(
        (after, limit) => reports.owedResolves(after, limit),
        (row) => row.name,
        async (rows) => {
          const { added, retried } = await bus.requeue(
            "dependencies",
            rows.map((r) => ({
              name: "resolve" as const,
              jobId: stableJobId("resolve", r.name, r.hash),
              data: { serverName: r.name },
            })),
          );
          return added + retried;
        },
      ),
  };
}
