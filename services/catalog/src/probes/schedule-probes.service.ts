import { owedRoundKey, type DueTarget, type ProbesRepository } from "@catalog/db";
import { PROBER_ORDER, stableJobId, type JobBus } from "@catalog/queue";

const SCHEDULE_BATCH = 500;

/** The probe job of a target's round: its id names the target and the round, so it is queued once. */
export function probeJob(
  t: Pick<DueTarget, "serverName" | "url" | "transport">,
  round: Date,
  listFreshUntil?: Date | null,
) {
  const scheduledFor = round.toISOString();
  return {
    name: "probe" as const,
    jobId: stableJobId("probe", t.serverName, t.url, scheduledFor),
    data: {
      serverName: t.serverName,
      url: t.url,
      transport: t.transport === "sse" ? ("sse" as const) : ("streamable-http" as const),
      scheduledFor,
      ...(listFreshUntil ? { listFreshUntil: listFreshUntil.toISOString() } : {}),
    },
  };
}

/**
 * Until when a remote's last tools/list may be reused instead of asked for again: only a list
 * read whole by an answering probe (`ok`) whose ttl is longer than the probe interval (a shorter
 * one would have run out by the next round anyway), and only while that ttl runs.
 */
export function listFreshUntil(
  last: { outcome: string; finishedAt: Date; toolsTtlMs: number | null } | undefined,
  intervalMs: number,
  now: Date,
): Date | null {
  if (!last || last.outcome !== "ok" || last.toolsTtlMs === null || last.toolsTtlMs <= intervalMs)
    return null;
  const until = new Date(last.finishedAt.getTime() + last.toolsTtlMs);
  return until > now ? until : null;
}

/**
 * Produces the scheduled probe jobs: every active target whose time has come gets one job
 * (its id names the target and the round, so concurrent schedulers add it once), then moves to
 * its next round one interval later.
 */
export class ScheduleProbesService {
  constructor(
    private readonly probes: ProbesRepository,
    private readonly bus: JobBus,
    private readonly intervalMs: number,
  ) {}

  async tick(now: Date = new Date()): Promise<number> {
    let queued = 0;
    for (;;) {
      const due = await this.probes.due(now, SCHEDULE_BATCH);
      if (due.length === 0) return queued;
      const listings = new Map((await this.probes.lastListings(due)).map((l) => [owedRoundKey(l), l]));
      await this.bus.addBulk(
        "prober",
        "probe",
        due.map((t) => {
          const fresh = listFreshUntil(listings.get(owedRoundKey(t)), this.intervalMs, now);
          const { jobId, data } = probeJob(t, t.nextProbeAt, fresh);
          return { data, opts: { jobId, ...PROBER_ORDER.probe } };
        }),
      );
      const next = new Date(now.getTime() + this.intervalMs);
      for (const target of due) await this.probes.advance(target, next);
      queued += due.length;
      if (due.length < SCHEDULE_BATCH) return queued;
    }
  }
}
