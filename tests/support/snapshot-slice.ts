import { readFileSync } from "node:fs";
import { parseRegistryDocument, type RegistryEntry } from "@catalog/registry";
import { sharedData, SNAPSHOT_2025_12_18, waitForIdle, type Harness } from "@catalog/testing";
import { CatalogHandOver } from "../../services/ingest/src/mirror/hand-over.js";
import { catalogWorker } from "./catalog.js";

/** The first `count` entries of the real 2025-12-18 snapshot, written through the catalog worker. */
export async function importSnapshotSlice(h: Harness, count: number): Promise<RegistryEntry[]> {
  const { entries } = parseRegistryDocument(readFileSync(sharedData(SNAPSHOT_2025_12_18), "utf8"));
  const slice = entries.slice(0, count);
  const worker = catalogWorker(h);
  try {
    await CatalogHandOver.create(h.db.prisma, h.bus).versions(slice, "import");
    await waitForIdle(h.bus, ["catalog"]);
  } finally {
    await worker.close();
  }
  return slice;
}
