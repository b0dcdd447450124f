import type { Logger } from "@catalog/observability";
import { logWorkerEvents, type JobBus } from "@catalog/queue";
import type { EmbedProgress } from "./embed-progress.js";
import type { IndexService } from "./index.service.js";
import { JobBatcher } from "./job-batcher.js";

/** Servers per embed batch: about 150 texts, seconds of the local model, so a stop costs little. */
const EMBED_BATCH_SERVERS = 12;

export type EmbedWorkerDeps = {
  bus: JobBus;
  log: Logger;
  indexer: IndexService;
  progress: EmbedProgress;
  lockMs: number;
  /** The servers' new vectors are in the index: their answers changed here and on other replicas. */
  onEmbedded: (names: readonly string[]) => Promise<void>;
};

/**
 * Consumes the `vectors` queue once a model is loaded: the texts of each batch of servers that
 * have no vector of the model yet are embedded, stored and placed in the index.
 */
export function startEmbedWorker({
  bus,
  log,
  indexer,
  progress,
  lockMs,
  onEmbedded,
}: EmbedWorkerDeps): ReturnType<JobBus["worker"]> {
  const batcher = new JobBatcher(async (names) => {
    const texts = await indexer.embedServers(names);
    progress.embedded(texts);
    await onEmbedded(names);
    return new Map(names.map((name) => [name, { texts }]));
  }, EMBED_BATCH_SERVERS);
  const worker = bus.worker(
    "vectors",
    { "embed-server": (data) => batcher.submit(data.serverName) },
    { concurrency: EMBED_BATCH_SERVERS, lockDuration: lockMs, stalledInterval: lockMs },
  );
  logWorkerEvents(worker, log, "embed");
  return worker;
}
