import { readFileSync } from "node:fs";
import { listEntries, parseRegistryDocument, type RegistryEntry } from "@catalog/registry";
import {
  clearQueuePrefix,
  createHarness,
  sharedData,
  SNAPSHOT_2025_12_18,
  type Harness,
} from "@catalog/testing";
import { createMirror } from "../../services/ingest/src/ingest.js";
import type { RegistrySource } from "../../services/ingest/src/mirror/registry-source.js";

/**
 * Redis losing work the mirror had queued: a failover to a replica that lagged, a Redis without
 * an append-only file, a machine crash inside the last second of `appendfsync everysec`. The
 * mirror's position lives in PostgreSQL and survives; the jobs of the pages before it do not.
 * The mirror must notice (the fence it writes after each page is gone too) and go back, instead
 * of resuming past versions nobody will ever write.
 */
const DAY_MS = 86_400_000;
/** Two pages of the snapshot (the mirror's pages hold 100). */
const subset: RegistryEntry[] = parseRegistryDocument(
  readFileSync(sharedData(SNAPSHOT_2025_12_18), "utf8"),
).entries.slice(0, 130);

/** The subset with the list API's semantics; the `failAt`-th request fails (an upstream hiccup). */
function source(failAt?: number): RegistrySource {
  let requests = 0;
  return {
    description: "snapshot subset",
    list: async (query) => {
      if (++requests === failAt) throw new Error("upstream reset the connection");
      return listEntries(subset, query);
    },
  };
}

/** Catalog jobs waiting in Redis (no worker runs in these tests). */
async function waiting(h: Harness): Promise<number> {
  return (await h.bus.queue("catalog").getJobCounts("waiting")).waiting ?? 0;
}

describe("the mirror when Redis lost the work it had queued", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it("an interrupted run goes back to its first page instead of resuming past lost jobs", async () => {
    // Page 1 is queued and its position saved; page 2 fails. No catalog worker: the jobs wait in Redis.
    await expect(createMirror(h, source(2), DAY_MS).run("full")).rejects.toThrow("upstream reset");
    const saved = await h.db.prisma.mirrorState.findUniqueOrThrow({ where: { source: "upstream" } });
    expect(saved.runCursor).toBeTruthy();
    expect(await waiting(h)).toBe(100);

    await clearQueuePrefix(h.redisUrl, h.prefix); // Redis comes back without them

    const resumed = await createMirror(h, source(), DAY_MS).run();
    // Resuming at the saved cursor would have queued page 2's 30 and lost page 1's 100.
    expect(resumed).toMatchObject({ pages: 2, seen: 130, handedOver: 130 });
    expect(await waiting(h)).toBe(130);
  });

  it("after a completed run whose jobs Redis lost, the next pass is a full one, not an incremental one", async () => {
    const incremental = await createMirror(h, source(), DAY_MS).run("auto");
    // Nothing changed upstream since the last run's high-water mark: an incremental pass sees nothing.
    expect(incremental).toMatchObject({ seen: 0 });

    await clearQueuePrefix(h.redisUrl, h.prefix);
    const afterLoss = await createMirror(h, source(), DAY_MS).run("auto");
    expect(afterLoss).toMatchObject({ seen: 130, handedOver: 130 });
    expect(await waiting(h)).toBe(130);
  });
});
