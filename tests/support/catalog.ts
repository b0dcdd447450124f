import type { Worker } from "bullmq";
import { CategoryClassifier } from "@catalog/categories";
import { BatchingProvider, LocalEmbeddingProvider } from "@catalog/embeddings";
import { startCatalogWorker, type CatalogDeps } from "../../services/catalog/src/catalog.js";
import { createMirror } from "../../services/ingest/src/ingest.js";
import { FileRegistrySource, type RegistrySource } from "../../services/ingest/src/mirror/registry-source.js";
import {
  createHarness,
  latestServers,
  sharedData,
  SNAPSHOT_2025_12_18,
  toolsdkToolsFor,
  waitForIdle,
  type Harness,
} from "@catalog/testing";
import { ensureTemplate, sourceHash, templateHarness } from "./template-db.js";

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
  // Generous: on a loaded 2-core machine the full snapshot has taken over three minutes.
  await waitForIdle(h.bus, ["catalog"], 420_000);
  const { failed } = await h.bus.queue("catalog").getJobCounts("failed");
  if (failed) throw new Error(`mirroring ${file}: ${failed} catalog jobs failed`);
}

/** What a mirrored catalog depends on: the code that writes it (and migrations), the model's version. */
const CATALOG_SOURCES = [
  "packages",
  "services/catalog/src",
  "services/ingest/src",
  "tests/support/catalog.ts",
  "pnpm-lock.yaml",
];

/**
 * Categories by the local model, batched, as the catalog service assigns them in production
 * (CategoryClassifier.create over the configured provider).
 */
async function modelClassifier(): Promise<CategoryClassifier> {
  return CategoryClassifier.create(new BatchingProvider(await LocalEmbeddingProvider.load(64), 64));
}

/**
 * The template database of the mirrored snapshot, categories by the local model. The mirror runs
 * once per change of the data or of the code that writes the catalog; test files copy the result
 * (templateHarness), which takes a second instead of a full mirror.
 */
function snapshotTemplate(file = SNAPSHOT_2025_12_18): Promise<string> {
  return ensureTemplate("catalog_snapshot", sourceHash(CATALOG_SOURCES, file), async (h) => {
    const worker = catalogWorker(h, { classifier: await modelClassifier() });
    try {
      await mirrorSnapshot(h, file);
    } finally {
      await worker.close();
    }
  });
}

/** A harness whose database already holds the mirrored snapshot (snapshotTemplate). */
export async function snapshotHarness(file = SNAPSHOT_2025_12_18): Promise<Harness> {
  return createHarness({ template: await snapshotTemplate(file) });
}

/** The day the trust template's tool lists were observed and its daily scores written. */
export const TRUST_DAY = "2025-12-18";

/**
 * The mirrored snapshot after a day of the catalog's own work on it, built on snapshotTemplate:
 * the tool lists the shared data holds for registry servers (toolsdk) through the import job,
 * classified by the local model, then the daily quality pass over every server (TRUST_DAY).
 */
export function trustHarness(): Promise<Harness> {
  return templateHarness(
    "catalog_trust",
    sourceHash(CATALOG_SOURCES, SNAPSHOT_2025_12_18),
    async (h) => {
      const worker = catalogWorker(h, { classifier: await modelClassifier() });
      try {
        const tools = toolsdkToolsFor(latestServers());
        const observedAt = `${TRUST_DAY}T12:00:00.000Z`;
        await h.bus.addBulk(
          "catalog",
          "import-tools",
          Object.entries(tools).map(([serverName, list]) => ({
            data: { serverName, tools: list, observedAt },
          })),
        );
        await waitForIdle(h.bus, ["catalog"], 300_000);
        await h.bus.add("catalog", "daily-scores", { day: TRUST_DAY });
        await waitForIdle(h.bus, ["catalog"], 300_000);
      } finally {
        await worker.close();
      }
    },
    { from: () => snapshotTemplate() },
  );
}
