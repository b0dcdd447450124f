import { owedRoundKey, type ProbesRepository } from "@catalog/db";
import { PROBER_ORDER, type JobBus } from "@catalog/queue";
import { eachPage, type OwedWork } from "@catalog/runtime";
import { probeJob } from "../probes/schedule-probes.service.js";

/**
 * A queued round waits this long before it is owed again: its job may wait behind thousands of
 * others, and its result may still be on its way to the catalog.
 */
const GRACE_MS = 15 * 60_000;

/**
 * The scheduled probes of the rounds queued and never recorded (the schedule is in PostgreSQL):
 * each queued again as the job it was, same id, same data.
 */
export function owedProbes(probes: ProbesRepository, bus: JobBus): OwedWork {
  return {
    name: "probes",
    queue: (cause) => {
      const before = new Date(Date.now() - (cause === "lost" ? 0 : GRACE_MS));
      return eachPage(
        (after, limit) => probes.owedRounds(before, after, limit),
        owedRoundKey,
        async (targets) => {
          const { added, retried } = await bus.requeue(
            "prober",
            targets.map((t) => ({ ...probeJob(t, t.queuedFor), opts: PROBER_ORDER.probe })),
          );
          return added + retried;
        },
      );
    },
  };
}
