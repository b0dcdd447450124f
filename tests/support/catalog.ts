import type { Worker } from "bullmq";
import { startCatalogWorker } from "../../services/catalog/src/catalog.js";
import { createMirror } from "../../services/ingest/src/ingest.js";
import { FileRegistrySource, type RegistrySource } from "../../services/ingest/src/mirror/registry-source.js";
import { sharedData, waitForIdle, type Harness } from "@catalog/testing";

/** Starts an in-process catalog worker on the harness. */
export function catalogWorker(h: Harness): Worker {
  return startCatalogWorker({
    db: h.db,
    bus: h.bus,
    log: h.log,
    config: { CATALOG_CONCURRENCY: 8, WORKER_LOCK_MS: 5000, PROBE_INTERVAL_MS: 86_400_000 },
  });
}

/**
 * Mirrors a snapshot file from shared/data into the harness's catalog and waits until it is
 * written; with `search`, only the servers whose name contains it (the registry's own filter).
 */
export async function mirrorSnapshot(
  h: Harness,
  file: string,
  slice: { search?: string } = {},
): Promise<void> {
  const source = new FileRegistrySource(sharedData(file));
  const sliced: RegistrySource = slice.search
    ? { description: source.description, list: (q) => source.list({ ...q, search: slice.search }) }
    : source;
  const mirror = createMirror(h, sliced, 86_400_000);
  await mirror.run("full");
  await waitForIdle(h.bus, ["catalog"], 180_000);
}
