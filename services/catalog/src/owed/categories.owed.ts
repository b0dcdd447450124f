import type { CatalogRepository } from "@catalog/db";
import { stableJobId, type JobBus } from "@catalog/queue";
import { eachPage, type OwedWork } from "@catalog/runtime";

/**
 * Servers whose categories were asked of the embedding model for a basis they do not have yet:
 * the assign-categories job queued again under the id it was first queued with.
 */
export function owedCategories(catalog: CatalogRepository, bus: JobBus): OwedWork {
  return {
    name: "categories",
    queue: () =>
      eachPage(
        (after, limit) => catalog.owedCategories(after, limit),
        (row) => row.name,
        async (rows) => {
          const { added, retried } = await bus.requeue(
            "catalog",
            rows.map((r) => ({
              name: "assign-categories" as const,
              jobId: stableJobId("categories", r.name, r.wanted),
              data: { serverName: r.name },
            })),
          );
          return added + retried;
        },
      ),
  };
}
