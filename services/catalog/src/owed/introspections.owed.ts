import { owedPackageKey, type PackageTargetsRepository } from "@catalog/db";
import { INTROSPECTION_ORDER, type JobBus } from "@catalog/queue";
import { eachPage, type OwedWork } from "@catalog/runtime";
import { introspectJob } from "../introspections/schedule-introspections.service.js";

/**
 * A queued introspection waits this long before it is owed again: an install and a start take up
 * to a few minutes, and a deep queue holds an hour's worth.
 */
const GRACE_MS = 90 * 60_000;

/**
 * The scheduled introspections queued and never recorded (the schedule is in PostgreSQL): each
 * queued again as the job it was, same id, same data.
 */
export function owedIntrospections(targets: PackageTargetsRepository, bus: JobBus): OwedWork {
  return {
    name: "introspections",
    queue: (cause) => {
      const before = new Date(Date.now() - (cause === "lost" ? 0 : GRACE_MS));
      return eachPage(
        (after, limit) => targets.owedRounds(before, after, limit),
        owedPackageKey,
        async (owed) => {
          const { added, retried } = await bus.requeue(
            "introspection",
            owed.map((p) => ({ ...introspectJob(p, p.queuedFor), opts: INTROSPECTION_ORDER.introspect })),
          );
          return added + retried;
        },
      );
    },
  };
}
