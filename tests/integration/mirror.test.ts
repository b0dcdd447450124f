import type { Worker } from "bullmq";
import { createMetrics } from "@catalog/observability";
import { startCatalogWorker } from "../../services/catalog/src/catalog.js";
import { createMirror } from "../../services/ingest/src/ingest.js";
import { FileRegistrySource } from "../../services/ingest/src/mirror/registry-source.js";
import { sharedData, SNAPSHOT_2025_12_18, waitForIdle, type Harness } from "@catalog/testing";
import { snapshotHarness } from "../support/catalog.js";
import { catalogState, counts, failedJobs, mirrorWorkerConfig } from "../support/mirror.js";

const DAY_MS = 86_400_000;

// The incremental, resumed and killed runs are the long suite's (mirror-*.long.test.ts, run
// apart); each compares its end state with a fresh mirror's: the snapshot template, checked here.
describe("registry mirror through the queues", () => {
  let fresh: Harness;
  let worker: Worker;

  beforeAll(async () => {
    // A full mirror of the snapshot by the code under test, made once per change of the code that
    // writes the catalog (and failed if any job of it failed: mirrorSnapshot), then copied.
    fresh = await snapshotHarness();
    worker = startCatalogWorker({ db: fresh.db, bus: fresh.bus, log: fresh.log, config: mirrorWorkerConfig });
  }, 900_000);
  afterAll(async () => {
    await worker.close();
    await fresh.close();
  });

  it("a full mirror of the 2025-12-18 snapshot gives 2,794 versions of 1,108 servers", async () => {
    const run = await fresh.db.prisma.mirrorState.findUniqueOrThrow({ where: { source: "upstream" } });
    expect(run.lastStats).toMatchObject({ seen: 2794, handedOver: 2794, unchanged: 0 });
    expect(await counts(fresh)).toEqual({ versions: 2794, servers: 1108, latest: 1108 });
  });

  it("re-running the mirror changes nothing, and reports its progress in the metrics", async () => {
    const before = await catalogState(fresh);
    const metrics = createMetrics("ingest");
    const mirror = createMirror(
      { ...fresh, metrics },
      new FileRegistrySource(sharedData(SNAPSHOT_2025_12_18)),
      DAY_MS,
    );
    const stats = await mirror.run("full");
    const text = await metrics.registry.metrics();
    expect(text).toMatch(new RegExp(`catalog_mirror_run_pages\\{[^}]*\\} ${stats.pages}\\n`));
    expect(text).toMatch(/catalog_mirror_run_versions\{[^}]*\} 2794\n/);
    expect(stats).toMatchObject({ seen: 2794, handedOver: 0, unchanged: 2794 });
    await waitForIdle(fresh.bus, ["catalog"], 600_000);
    expect(await catalogState(fresh)).toEqual(before);
    expect(await failedJobs(fresh)).toBe(0);
  });
});
