import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createHarness, SNAPSHOT_2025_12_18, waitForIdle, type Harness } from "@catalog/testing";
import { catalogState, counts, failedJobs, freshMirrorState, mirrorOf } from "../support/mirror.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Waits until the catalog holds `versions` versions; fails only when it stops writing for two
 * minutes (a loaded machine slows it, which is no failure).
 */
async function writtenAtLeast(h: Harness, versions: number): Promise<void> {
  let last = -1;
  let since = Date.now();
  for (;;) {
    const now = (await counts(h)).versions;
    if (now >= versions) return;
    if (now !== last) [last, since] = [now, Date.now()];
    if (Date.now() - since > 120_000) throw new Error(`catalog process stopped at ${now} versions`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("registry mirror through the queues", () => {
  it("killing the catalog worker mid-run and restarting it loses nothing", async () => {
    const h = await createHarness();
    const startCatalog = (): ChildProcess =>
      spawn(process.execPath, [path.join(root, "services/catalog/dist/main.js")], {
        env: {
          ...process.env,
          ...h.env,
          CATALOG_PORT: "0",
          WORKER_LOCK_MS: "2000",
          CATALOG_CONCURRENCY: "4",
          // Categories by keywords: the embedding model's load and per-text cost are not this test's subject.
          EMBEDDING_PROVIDER: "none",
        },
        stdio: "ignore",
      });
    let child = startCatalog();
    try {
      await mirrorOf(h, SNAPSHOT_2025_12_18).run();
      await writtenAtLeast(h, 600);
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
      const atKill = (await counts(h)).versions;
      expect(atKill).toBeLessThan(2794);

      child = startCatalog();
      await waitForIdle(h.bus, ["catalog"], 600_000);
      expect(await counts(h)).toEqual({ versions: 2794, servers: 1108, latest: 1108 });
      expect(await catalogState(h)).toEqual(await freshMirrorState());
      expect(await failedJobs(h)).toBe(0);
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      await h.close();
    }
  }, 900_000);
});
