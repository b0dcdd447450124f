import type { Worker } from "bullmq";
import { startCatalogWorker, type CatalogDeps } from "../../services/catalog/src/catalog.js";
import { createMirror } from "../../services/ingest/src/ingest.js";
import { FileRegistrySource } from "../../services/ingest/src/mirror/registry-source.js";
import { sharedData, waitForIdle, type Harness } from "@catalog/testing";

/** Starts an in-process catalog worker on the harness (categories by keywords unless a classifier is given). */
export function catalogWorker(h: Harness, options: Pick<CatalogDeps, "classifier" | "now"> = {}): Worker {
  return startCatalogWorker({
    db: h.db,
    bus: h.bus,
    log: h.log,
    config: { CATALOG_CONCURRENCY: 8, WORKER_LOCK_MS: 5000, PROBE_INTERVAL_MS: 86_400_000 },
    ...options,
  });
}

/** Mirrors a snapshot file from shared/data into the harness's catalog and waits until it is written. */
export async function mirrorSnapshot(h: Harness, file: string): Promise<void> {
  const mirror = createMirror(h, new FileRegistrySource(sharedData(file)), 86_400_000);
  await mirror.run("full");
  await waitForIdle(h.bus, ["catalog"], 180_000);
}
