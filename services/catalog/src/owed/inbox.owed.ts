import type { CatalogInboxRepository } from "@catalog/db";
import type { HandedOverJob, JobBus } from "@catalog/queue";
import { eachPage, type OwedWork } from "@catalog/runtime";

/** An inbox job younger than this is most likely still on its way through the queue. */
const GRACE_MS = 60_000;

/**
 * The versions and tool lists handed to the catalog and not yet written (its inbox): each queued
 * again under its own id when Redis does not hold it, or retried when it failed for good. After a
 * loss of Redis data every one is owed at once, whatever its age.
 */
export function owedInbox(inbox: CatalogInboxRepository, bus: JobBus): OwedWork {
  return {
    name: "catalog-inbox",
    queue: (cause) => {
      const before = new Date(Date.now() - (cause === "lost" ? 0 : GRACE_MS));
      return eachPage(
        (after, limit) => inbox.owed(before, after, limit),
        (row) => row.jobId,
        async (rows) => {
          const { added, retried } = await bus.requeue("catalog", rows as HandedOverJob[]);
          return added + retried;
        },
      );
    },
  };
}
