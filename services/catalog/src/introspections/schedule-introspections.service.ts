import { HOUR_MS } from "@catalog/contracts";
import type { DuePackage, PackageTargetsRepository } from "@catalog/db";
import { INTROSPECTION_ORDER, stableJobId, type JobBus } from "@catalog/queue";

/** Targets queued per round of the scheduler at most (the hourly bound is usually lower). */
const SCHEDULE_BATCH = 200;

/** The introspect job of a target's round: its id names the target and the round, so it is queued once. */
export function introspectJob(p: DuePackage, round: Date) {
  const scheduledFor = round.toISOString();
  const { registryType, identifier, version } = p.target;
  return {
    name: "introspect" as const,
    jobId: stableJobId("introspect", p.serverName, registryType, identifier, version, scheduledFor),
    data: { serverName: p.serverName, target: p.target, package: p.package, scheduledFor },
  };
}

/**
 * Produces the scheduled introspections: the due targets, newest versions first, within the
 * deployment's hourly bound (counted from PostgreSQL, so every replica's scheduler shares it).
 * A target is marked queued before its job is added: a job Redis never took is owed, not lost.
 */
export class ScheduleIntrospectionsService {
  constructor(
    private readonly targets: PackageTargetsRepository,
    private readonly bus: JobBus,
    private readonly perHour: number,
  ) {}

  async tick(now: Date = new Date()): Promise<number> {
    const queued = await this.targets.queuedSince(new Date(now.getTime() - HOUR_MS));
    const budget = Math.min(SCHEDULE_BATCH, this.perHour - queued);
    if (budget <= 0) return 0;
    const taken: DuePackage[] = [];
    for (const p of await this.targets.due(now, budget))
      if (await this.targets.markQueued(p, now)) taken.push(p);
    await this.bus.addBulk(
      "introspection",
      "introspect",
      taken.map((p) => {
        const { jobId, data } = introspectJob(p, now);
        return { data, opts: { jobId, ...INTROSPECTION_ORDER.introspect } };
      }),
    );
    return taken.length;
  }
}
