import type { ChecksRepository } from "@catalog/db";
import { PROBER_ORDER, type JobBus } from "@catalog/queue";
import { eachPage, type OwedWork } from "@catalog/runtime";
import type { RunCheckService } from "../checks/run-check.service.js";

/** A check younger than this is most likely still on its way through the queue. */
const GRACE_MS = 30_000;
/** A check still not run this long after it was asked for is finished as a timeout. */
const CHECK_DEADLINE_MS = 15 * 60_000;

/**
 * Checks still queued or running (PostgreSQL says so): queued again under their own id when
 * Redis does not hold their job (retried when it failed for good); past the deadline, finished as
 * a timeout with the reason, so no check stays queued or running.
 */
export function owedChecks(checks: ChecksRepository, run: RunCheckService, bus: JobBus): OwedWork {
  return {
    name: "checks",
    queue: (cause) => {
      const now = Date.now();
      const before = new Date(now - (cause === "lost" ? 0 : GRACE_MS));
      return eachPage(
        (after, limit) => checks.unfinished(before, after, limit),
        (check) => check.id,
        async (page) => {
          const late = page.filter((c) => now - c.createdAt.getTime() > CHECK_DEADLINE_MS);
          for (const check of late)
            await run.giveUp(
              check,
              `The check could not be run within ${CHECK_DEADLINE_MS / 60_000} minutes of being asked for (its queued job was lost or kept failing); ask again.`,
            );
          const { added, retried } = await bus.requeue(
            "prober",
            page
              .filter((c) => !late.includes(c))
              .map((c) => ({
                name: "check" as const,
                jobId: c.id,
                data: { checkId: c.id },
                opts: PROBER_ORDER.check,
              })),
          );
          return late.length + added + retried;
        },
      );
    },
  };
}
