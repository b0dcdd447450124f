import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Worker } from "bullmq";
import { createMetrics } from "@catalog/observability";
import { startCatalogWorker } from "../../services/catalog/src/catalog.js";
import type { MirrorService } from "../../services/ingest/src/mirror/mirror.service.js";
import { createMirror } from "../../services/ingest/src/ingest.js";
import { FileRegistrySource, type RegistrySource } from "../../services/ingest/src/mirror/registry-source.js";
import {
  createHarness,
  sharedData,
  SNAPSHOT_2025_11_18,
  SNAPSHOT_2025_12_18,
  waitForIdle,
  type Harness,
} from "@catalog/testing";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DAY_MS = 86_400_000;
const workerConfig = { CATALOG_CONCURRENCY: 4, WORKER_LOCK_MS: 2000, PROBE_INTERVAL_MS: DAY_MS };

function mirrorOf(h: Harness, file: string): MirrorService {
  return createMirror(h, new FileRegistrySource(sharedData(file)), DAY_MS);
}

/** Everything the catalog holds about versions and servers, minus bookkeeping timestamps. */
async function catalogState(h: Harness): Promise<unknown> {
  const versions = await h.db.pool.query(`
    SELECT server_name, version, server_json::text AS server_json, official_meta::text AS official_meta, status,
           is_latest, published_at, updated_at, content_hash
    FROM server_versions ORDER BY server_name, version`);
  const servers = await h.db.pool.query(`
    SELECT name, namespace, latest_version, status, title, description, website_url, repository_url,
           first_published_at, updated_at, deleted_at, connection_class, autonomous, human_steps, connectability
    FROM servers ORDER BY name`);
  return { versions: versions.rows, servers: servers.rows };
}

async function counts(h: Harness): Promise<{ versions: number; servers: number; latest: number }> {
  const { rows } = await h.db.pool.query(
    `SELECT count(*)::int AS versions, count(DISTINCT server_name)::int AS servers, sum(is_latest::int)::int AS latest
     FROM server_versions`,
  );
  return rows[0];
}

async function failedJobs(h: Harness): Promise<number> {
  return (await h.bus.queue("catalog").getJobCounts("failed")).failed ?? 0;
}

describe("registry mirror through the queues", () => {
  let fresh: Harness;
  let worker: Worker;

  beforeAll(async () => {
    fresh = await createHarness();
    worker = startCatalogWorker({ db: fresh.db, bus: fresh.bus, log: fresh.log, config: workerConfig });
  });
  afterAll(async () => {
    await worker.close();
    await fresh.close();
  });

  it("a full mirror of the 2025-12-18 snapshot gives 2,794 versions of 1,108 servers", async () => {
    const stats = await mirrorOf(fresh, SNAPSHOT_2025_12_18).run();
    expect(stats).toMatchObject({ seen: 2794, handedOver: 2794, unchanged: 0 });
    await waitForIdle(fresh.bus, ["catalog"], 240_000);
    expect(await counts(fresh)).toEqual({ versions: 2794, servers: 1108, latest: 1108 });
    expect(await failedJobs(fresh)).toBe(0);
  }, 300_000);

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
    await waitForIdle(fresh.bus, ["catalog"], 240_000);
    expect(await catalogState(fresh)).toEqual(before);
  });

  it("the incremental path from the 2025-11-18 snapshot reaches the same state as a fresh mirror", async () => {
    const h = await createHarness();
    const w = startCatalogWorker({ db: h.db, bus: h.bus, log: h.log, config: workerConfig });
    try {
      expect(await mirrorOf(h, SNAPSHOT_2025_11_18).run()).toMatchObject({ seen: 1907, handedOver: 1907 });
      await waitForIdle(h.bus, ["catalog"], 240_000);
      expect(await counts(h)).toEqual({ versions: 1907, servers: 860, latest: 860 });

      // Incremental (updated_since): the 887 new versions; the catalog moves the latest flags itself.
      const incremental = await mirrorOf(h, SNAPSHOT_2025_12_18).run("auto");
      expect(incremental).toMatchObject({ seen: 887, handedOver: 887 });
      await waitForIdle(h.bus, ["catalog"], 240_000);
      expect(await counts(h)).toEqual({ versions: 2794, servers: 1108, latest: 1108 });
      const latest = async (x: Harness) =>
        (await x.db.pool.query("SELECT server_name, version FROM server_versions WHERE is_latest ORDER BY 1"))
          .rows;
      expect(await latest(h)).toEqual(await latest(fresh));

      // Upstream edited 116 old versions without moving updatedAt (isLatest flips, $schema and
      // package backfills); the periodic full reconciliation brings exactly those over.
      const full = await mirrorOf(h, SNAPSHOT_2025_12_18).run("full");
      expect(full).toMatchObject({ seen: 2794, handedOver: 116 });
      await waitForIdle(h.bus, ["catalog"], 240_000);
      expect(await catalogState(h)).toEqual(await catalogState(fresh));
      expect(await failedJobs(h)).toBe(0);
    } finally {
      await w.close();
      await h.close();
    }
  }, 300_000);

  it("an interrupted mirror run resumes at its cursor without losing or duplicating versions", async () => {
    const h = await createHarness();
    const w = startCatalogWorker({ db: h.db, bus: h.bus, log: h.log, config: workerConfig });
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
      await waitForIdle(h.bus, ["catalog"], 240_000);
      expect(await counts(h)).toEqual({ versions: 2794, servers: 1108, latest: 1108 });
      expect(await catalogState(h)).toEqual(await catalogState(fresh));
    } finally {
      await w.close();
      await h.close();
    }
  }, 300_000);

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
      for (let i = 0; (await counts(h)).versions < 600; i++) {
        if (i > 600) throw new Error("catalog process made no progress");
        await new Promise((r) => setTimeout(r, 50));
      }
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
      const atKill = (await counts(h)).versions;
      expect(atKill).toBeLessThan(2794);

      child = startCatalog();
      await waitForIdle(h.bus, ["catalog"], 240_000);
      expect(await counts(h)).toEqual({ versions: 2794, servers: 1108, latest: 1108 });
      expect(await catalogState(h)).toEqual(await catalogState(fresh));
      expect(await failedJobs(h)).toBe(0);
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      await h.close();
    }
  }, 300_000);
});
