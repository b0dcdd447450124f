import { startCatalogWorker } from "../../services/catalog/src/catalog.js";
import { createHarness, SNAPSHOT_2025_11_18, SNAPSHOT_2025_12_18, waitForIdle } from "@catalog/testing";
import {
  catalogState,
  counts,
  failedJobs,
  freshMirrorState,
  mirrorOf,
  mirrorWorkerConfig,
} from "../support/mirror.js";

type State = { versions: { server_name: string; version: string; is_latest: boolean }[] };

/** Which version of each server is the latest, by name. */
const latestOf = (state: unknown) =>
  (state as State).versions
    .filter((v) => v.is_latest)
    .map((v) => `${v.server_name}@${v.version}`)
    .sort();

describe("registry mirror through the queues", () => {
  it("the incremental path from the 2025-11-18 snapshot reaches the same state as a fresh mirror", async () => {
    const h = await createHarness();
    const w = startCatalogWorker({ db: h.db, bus: h.bus, log: h.log, config: mirrorWorkerConfig });
    try {
      expect(await mirrorOf(h, SNAPSHOT_2025_11_18).run()).toMatchObject({ seen: 1907, handedOver: 1907 });
      await waitForIdle(h.bus, ["catalog"], 600_000);
      expect(await counts(h)).toEqual({ versions: 1907, servers: 860, latest: 860 });

      // Incremental (updated_since): the 887 new versions; the catalog moves the latest flags itself.
      const incremental = await mirrorOf(h, SNAPSHOT_2025_12_18).run("auto");
      expect(incremental).toMatchObject({ seen: 887, handedOver: 887 });
      await waitForIdle(h.bus, ["catalog"], 600_000);
      expect(await counts(h)).toEqual({ versions: 2794, servers: 1108, latest: 1108 });
      const fresh = await freshMirrorState();
      expect(latestOf(await catalogState(h))).toEqual(latestOf(fresh));

      // Upstream edited 116 old versions without moving updatedAt (isLatest flips, $schema and
      // package backfills); the periodic full reconciliation brings exactly those over.
      const full = await mirrorOf(h, SNAPSHOT_2025_12_18).run("full");
      expect(full).toMatchObject({ seen: 2794, handedOver: 116 });
      await waitForIdle(h.bus, ["catalog"], 600_000);
      expect(await catalogState(h)).toEqual(fresh);
      expect(await failedJobs(h)).toBe(0);
    } finally {
      await w.close();
      await h.close();
    }
  }, 900_000);
});
