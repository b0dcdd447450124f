import type { SearchRepository } from "@catalog/db";
import { stableJobId, type JobBus } from "@catalog/queue";
import { eachPage, type OwedWork } from "@catalog/runtime";
import type { OwedEmbeddings } from "../indexing/index.service.js";

/**
 * Queues an embed job per server, under an id naming the texts it is owed for: queued twice
 * (an index job and the reconciler), it runs once; a server whose texts changed gets a new job.
 * Says how many jobs were queued.
 */
export async function queueEmbeddings(bus: JobBus, owed: OwedEmbeddings): Promise<number> {
  const { added, retried } = await bus.requeue(
    "vectors",
    [...owed].map(([serverName, hashes]) => ({
      name: "embed-server" as const,
      jobId: stableJobId("embed", serverName, ...hashes),
      data: { serverName },
    })),
  );
  return added + retried;
}

/**
 * Servers whose texts have no vector under the loaded model: PostgreSQL is the record of the
 * embedding owed (texts written while no model was loaded, a model change, jobs Redis lost).
 * Nothing is owed before the model is loaded (`model` undefined) or with keyword search only.
 */
export function owedVectors(repo: SearchRepository, bus: JobBus, model: () => string | undefined): OwedWork {
  return {
    name: "search-vectors",
    queue: async () => {
      const current = model();
      if (current === undefined) return 0;
      return eachPage(
        (after, limit) => repo.unembeddedServers(current, after, limit),
        (row) => row.name,
        (rows) => queueEmbeddings(bus, new Map(rows.map((r) => [r.name, r.embedHashes]))),
      );
    },
  };
}
