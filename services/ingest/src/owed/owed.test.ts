import { DependenciesRepository, MirrorStateRepository } from "@catalog/db";
import { stableJobId } from "@catalog/queue";
import { createHarness, type Harness } from "@catalog/testing";
import type { MirrorService } from "../mirror/mirror.service.js";
import { owedResolves } from "./dependencies.owed.js";
import { owedMirror } from "./mirror.owed.js";

describe("the ingest service's owed work (real PostgreSQL and Redis)", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(() => h.close());

  const queuedPasses = async (h: Harness) => {
    const c = await h.bus.queue("mirror").getJobCounts("waiting", "prioritized", "delayed", "active");
    return c.waiting! + c.prioritized! + c.delayed! + c.active!;
  };

  it("declares the mirror's scheduler and concurrency again, with the pass a run that did not complete owes", async () => {
    const state = new MirrorStateRepository(h.db.prisma);
    const work = owedMirror(state, { running: false } as MirrorService, h.bus, 3_600_000);
    await state.saveRun({
      mode: "full",
      since: null,
      cursor: "a:1",
      maxUpdated: null,
      startedAt: new Date(),
    });
    await work.queue("lost");
    const mirror = h.bus.queue("mirror");
    expect((await mirror.getJobSchedulers()).map((s) => s.key)).toEqual(["mirror-hourly"]);
    expect(await mirror.getGlobalConcurrency()).toBe(1);
    expect(await queuedPasses(h)).toBeGreaterThanOrEqual(1);
    // A pass queued already (by the scheduler or before): not one more.
    const before = await queuedPasses(h);
    expect(await work.queue("timer")).toBe(0);
    expect(await queuedPasses(h)).toBe(before);
  });

  it("queues the owed pass when none is queued, unless this process runs one", async () => {
    const state = new MirrorStateRepository(h.db.prisma);
    await state.saveRun({
      mode: "full",
      since: null,
      cursor: "a:1",
      maxUpdated: null,
      startedAt: new Date(),
    });
    const work = owedMirror(state, { running: false } as MirrorService, h.bus, 3_600_000);
    await work.queue("start");
    // The scheduler's first pass taken and finished, the run still incomplete in PostgreSQL.
    let taken = 0;
    const worker = h.bus.worker("mirror", { mirror: async () => void taken++ });
    for (let i = 0; i < 100 && (taken === 0 || (await queuedPasses(h)) > 1); i++)
      await new Promise((r) => setTimeout(r, 20));
    await worker.close();
    const scheduled = await queuedPasses(h); // the scheduler's next, an hour away
    expect(await owedMirror(state, { running: true } as MirrorService, h.bus, 3_600_000).queue("timer")).toBe(
      0,
    );
    expect(await work.queue("timer")).toBe(1);
    expect(await queuedPasses(h)).toBe(scheduled + 1);
  });

  it("queues a resolve for a latest version whose package has no report, under the catalog's job id", async () => {
    const at = new Date("2026-01-01T00:00:00Z");
    const serverJson = {
      name: "com.example/a",
      version: "1.0.0",
      packages: [
        { registryType: "npm", identifier: "@acme/a", version: "1.0.0", transport: { type: "stdio" } },
      ],
    };
    await h.db.prisma.server.create({
      data: {
        name: "com.example/a",
        namespace: "com.example",
        firstPublishedAt: at,
        updatedAt: at,
        latestVersion: "1.0.0",
      },
    });
    await h.db.pool.query(
      `INSERT INTO server_versions (server_name, version, server_json, official_meta, status, published_at, updated_at, is_latest, content_hash)
       VALUES ('com.example/a', '1.0.0', $1::json, '{}'::json, 'active', $2, $2, true, 'h1')`,
      [JSON.stringify(serverJson), at],
    );
    const reports = new DependenciesRepository(h.db.prisma);
    const work = owedResolves(reports, h.bus);
    expect(await work.queue("lost")).toBe(1);
    expect((await h.bus.queue("dependencies").getJobs(["waiting"])).map((j) => j.id)).toEqual([
      stableJobId("resolve", "com.example/a", "h1"),
    ]);
    await h.bus.queue("dependencies").obliterate({ force: true });
    await h.db.pool.query(
      `INSERT INTO dependency_reports (server_name, ecosystem, package_name, version, status) VALUES ('com.example/a', 'npm', '@acme/a', '1.0.0', 'unknown')`,
    );
    expect(await work.queue("lost")).toBe(0);
  });
});
