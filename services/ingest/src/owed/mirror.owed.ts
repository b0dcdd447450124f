import type { MirrorStateRepository } from "@catalog/db";
import { stableJobId, type JobBus } from "@catalog/queue";
import type { OwedWork } from "@catalog/runtime";
import { declareMirrorSchedule } from "../ingest.js";
import type { MirrorService } from "../mirror/mirror.service.js";

/** A pass is owed once the last one completed this many intervals ago (the scheduler lost, or stuck). */
const OVERDUE_INTERVALS = 1.5;

/**
 * The mirror's schedule and its owed pass. The scheduler and the one-pass-at-a-time rule are
 * declared again on every reconciliation (Redis may have lost them). A pass is owed when
 * PostgreSQL holds a run that did not complete (it resumes from its recorded position) or the last
 * completed pass is overdue, unless this process runs one now or one is queued.
 */
export function owedMirror(
  state: MirrorStateRepository,
  mirror: MirrorService,
  bus: JobBus,
  everyMs: number,
): OwedWork {
  return {
    name: "mirror",
    queue: async () => {
      await declareMirrorSchedule(bus, everyMs);
      if (mirror.running) return 0;
      const { run, lastSuccessAt } = await state.get();
      const overdue = !lastSuccessAt || Date.now() - lastSuccessAt.getTime() > OVERDUE_INTERVALS * everyMs;
      if (!run && !overdue) return 0;
      const counts = await bus.queue("mirror").getJobCounts("active", "waiting", "prioritized");
      if (counts.active! + counts.waiting! + counts.prioritized! > 0) return 0;
      const owedFor = (run?.startedAt ?? lastSuccessAt)?.toISOString() ?? "never";
      const { added, retried } = await bus.requeue("mirror", [
        { name: "mirror", jobId: stableJobId("mirror-owed", owedFor), data: { mode: "auto" } },
      ]);
      return added + retried;
    },
  };
}
