import { stableJobId, type JobBus, type JobData } from "@catalog/queue";
import type { Job } from "bullmq";
import type { HostSlots } from "../host-slots.js";
import { toolDefinitions, type ProbeRunner } from "../probe-runner.js";

/** Runs one scheduled probe of a catalog remote and hands the result to the catalog. */
export class RunProbeService {
  constructor(
    private readonly runner: ProbeRunner,
    private readonly slots: HostSlots,
    private readonly bus: JobBus,
  ) {}

  async run(data: JobData<"prober", "probe">, job: Job, token: string | undefined): Promise<string> {
    return this.slots.run(new URL(data.url).host, job, token, async () => {
      const fresh = data.listFreshUntil ? new Date(data.listFreshUntil) : undefined;
      const { result, tools } = await this.runner.probe(data.url, "scheduled", data.transport, fresh);
      await this.bus.add(
        "catalog",
        "probe-result",
        {
          serverName: data.serverName,
          url: data.url,
          scheduled: true,
          result,
          tools: toolDefinitions(tools),
        },
        { jobId: stableJobId("probe", data.serverName, data.url, data.scheduledFor) },
      );
      return result.outcome;
    });
  }
}
