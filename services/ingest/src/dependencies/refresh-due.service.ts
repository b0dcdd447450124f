import type { DependenciesRepository } from "@catalog/db";
import { stableJobId, type JobBus } from "@catalog/queue";

const PAGE = 500;

/** Queues a forced resolve for every server with a report due for refresh (one job per server and hour). */
export class RefreshDueService {
  constructor(
    private readonly repo: DependenciesRepository,
    private readonly bus: JobBus,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async run(): Promise<number> {
    const now = this.now();
    const names = await this.repo.dueServers(now, PAGE);
    const hour = now.toISOString().slice(0, 13);
    await this.bus.addBulk(
      "dependencies",
      "resolve",
      names.map((serverName) => ({
        data: { serverName, force: true },
        opts: { jobId: stableJobId("refresh-due", serverName, hour) },
      })),
    );
    return names.length;
  }
}
