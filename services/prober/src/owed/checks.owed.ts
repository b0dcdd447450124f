import type { CheckRow, ChecksRepository } from "@catalog/db";
import { INTROSPECTION_ORDER, PROBER_ORDER, type JobBus } from "@catalog/queue";
import { eachPage, type OwedWork } from "@catalog/runtime";
import type { RunCheckService } from "../checks/run-check.service.js";
import type { RunPackageCheckService } from "../checks/run-package-check.service.js";

/** A check younger than this is most likely still on its way through the queue. */
const GRACE_MS = 30_000;
/** A check still not run this long after it was asked for is finished as a timeout. */
const CHECK_DEADLINE_MS = 15 * 60_000;

/** Who runs (and gives up) checks: a URL's in the prober, a package's in the introspection sandbox. */
export type CheckRunners = {
  url: Pick<RunCheckService, "giveUp">;
  package: Pick<RunPackageCheckService, "giveUp">;
};

const job = (check: CheckRow) => ({ name: "check" as const, jobId: check.id, data: { checkId: check.id } });

/**
 * Checks still queued or running (PostgreSQL says so): queued again under their own id when
 * Redis does not hold their job (retried when it failed for good), a URL's on the prober queue,
 * a package's on the introspection queue; past the deadline, finished as a timeout with the
 * reason, so no check stays queued or running.
 */
export function owedChecks(checks: ChecksRepository, runners: CheckRunners, bus: JobBus): OwedWork {
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
            await (check.package ? runners.package : runners.url).giveUp(
              check,
              `The check could not be run within ${CHECK_DEADLINE_MS / 60_000} minutes of being asked for (its queued job was lost or kept failing); ask again.`,
            );
          const owed = page.filter((c) => !late.includes(c));
          const urls = await bus.requeue(
            "prober",
            owed.filter((c) => !c.package).map((c) => ({ ...job(c), opts: PROBER_ORDER.check })),
          );
          const packages = await bus.requeue(
            "introspection",
            owed.filter((c) => c.package).map((c) => ({ ...job(c), opts: INTROSPECTION_ORDER.check })),
          );
          return late.length + urls.added + urls.retried + packages.added + packages.retried;
        },
      );
    },
  };
}
