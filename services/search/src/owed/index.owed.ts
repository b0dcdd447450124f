import type { SearchIndexStateRepository } from "@catalog/db";
import { stableJobId, type JobBus } from "@catalog/queue";
import { eachPage, type OwedWork } from "@catalog/runtime";

/** A server changed this recently most likely has its index job on the way. */
const GRACE_MS = 2 * 60_000;

/**
 * Servers whose search documents were built from another state than their current one (or
 * deleted servers still indexed): an index job each, under an id naming the state it is owed for.
 */
export function owedIndex(state: SearchIndexStateRepository, bus: JobBus): OwedWork {
  return {
    name: "search-index",
    queue: (cause) => {
      const before = new Date(Date.now() - (cause === "lost" ? 0 : GRACE_MS));
      return eachPage(
        (after, limit) => state.owed(before, after, limit),
        (row) => row.name,
        async (rows) => {
          const { added, retried } = await bus.requeue(
            "search",
            rows.map((r) => ({
              name: "index-server" as const,
              jobId: stableJobId("index", r.name, r.modifiedAt.toISOString()),
              data: { serverName: r.name },
            })),
          );
          return added + retried;
        },
      );
    },
  };
}
