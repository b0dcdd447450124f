import { startCatalogWorker } from "../../services/catalog/src/catalog.js";
import { createMirror } from "../../services/ingest/src/ingest.js";
import { FileRegistrySource, type RegistrySource } from "../../services/ingest/src/mirror/registry-source.js";
import { createHarness, sharedData, SNAPSHOT_2025_12_18, waitForIdle } from "@catalog/testing";
import { catalogState, counts, freshMirrorState, mirrorWorkerConfig } from "../support/mirror.js";

const DAY_MS = 86_400_000;

describe("registry mirror through the queues", () => {
  it("an interrupted mirror run resumes at its cursor without losing or duplicating versions", async () => {
    const h = await createHarness();
    const w = startCatalogWorker({ db: h.db, bus: h.bus, log: h.log, config: mirrorWorkerConfig });
    try {
      const file = new FileRegistrySource(sharedData(SNAPSHOT_2025_12_18));
      let pages = 0;
      const flaky: RegistrySource = {
        description: "flaky",
        list: async (q) => {
          if (++pages === 10) throw new Error("connection reset");
          return file.list(q);
        },
      };
      const mirror = createMirror(h, flaky, DAY_MS);
      await expect(mirror.run()).rejects.toThrow("connection reset");
      const state = await h.db.prisma.mirrorState.findUniqueOrThrow({ where: { source: "upstream" } });
      expect(state.runCursor).toBeTruthy();
      expect(state.lastError).toBe("connection reset");

      const resumed = await mirror.run();
      expect(resumed.pages).toBe(28 - 9);
      await waitForIdle(h.bus, ["catalog"], 600_000);
      expect(await counts(h)).toEqual({ versions: 2794, servers: 1108, latest: 1108 });
      expect(await catalogState(h)).toEqual(await freshMirrorState());
    } finally {
      await w.close();
      await h.close();
    }
  }, 900_000);
});
