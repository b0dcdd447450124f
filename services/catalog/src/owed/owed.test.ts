import { CatalogInboxRepository, CatalogRepository, ProbesRepository } from "@catalog/db";
import { OFFICIAL_META_KEY } from "@catalog/registry";
import { stableJobId } from "@catalog/queue";
import { UnrecoverableError } from "bullmq";
import { createHarness, importJob, type Harness } from "@catalog/testing";
import { ScheduleProbesService } from "../probes/schedule-probes.service.js";
import { owedCategories } from "./categories.owed.js";
import { owedInbox } from "./inbox.owed.js";
import { owedProbes } from "./probes.owed.js";

/** Every job of a queue, as Redis holds it: name and id. */
const queued = async (h: Harness, queue: "catalog" | "prober") =>
  (await h.bus.queue(queue).getJobs(["waiting", "prioritized", "failed", "active"])).map(
    (j) => `${j.name}:${j.id}`,
  );

describe("the catalog's owed work, queued again from PostgreSQL (real PostgreSQL and Redis)", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(() => h.close());

  it("queues the inbox's jobs that Redis lost, at once after a loss, and none twice", async () => {
    const inbox = new CatalogInboxRepository(h.db.prisma);
    const entry = {
      server: { name: "com.example/a", version: "1.0.0", description: "A" },
      _meta: {
        [OFFICIAL_META_KEY]: {
          status: "active",
          publishedAt: "2026-01-01T00:00:00Z",
          updatedAt: "2026-01-01T00:00:00Z",
          isLatest: true,
        },
      },
    };
    const job = { jobId: "upsert-a", name: "upsert-version" as const, data: importJob(entry as never) };
    await inbox.record([job, job]);
    expect(await inbox.count()).toBe(1);
    const work = owedInbox(inbox, h.bus);
    // Younger than the grace: on its way through the queue, left alone.
    expect(await work.queue("timer")).toBe(0);
    expect(await work.queue("lost")).toBe(1);
    expect(await queued(h, "catalog")).toEqual(["upsert-version:upsert-a"]);
    expect(await work.queue("lost")).toBe(0); // still queued
    // A job that failed for good is retried.
    const worker = h.bus.worker("catalog", {
      "upsert-version": async () => {
        throw new UnrecoverableError("gave up");
      },
    });
    for (let i = 0; i < 100 && (await h.bus.queue("catalog").getFailedCount()) === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    await worker.close();
    expect(await queued(h, "catalog")).toEqual(["upsert-version:upsert-a"]);
    expect(await h.bus.queue("catalog").getFailedCount()).toBe(1);
    await h.db.pool.query("UPDATE catalog_inbox SET queued_at = now() - interval '1 hour'");
    expect(await work.queue("timer")).toBe(1);
    expect(await h.bus.queue("catalog").getFailedCount()).toBe(0);
    expect(await h.bus.queue("catalog").getWaitingCount()).toBe(1);
    await inbox.done("upsert-a");
    expect(await inbox.count()).toBe(0);
  });

  it("queues a category job again for the basis a server still waits for", async () => {
    const at = new Date("2026-01-01T00:00:00Z");
    await h.db.prisma.server.create({
      data: {
        name: "com.example/a",
        namespace: "com.example",
        firstPublishedAt: at,
        updatedAt: at,
        categoriesWanted: "b2",
        categoriesBasis: "b1",
      },
    });
    await h.db.prisma.server.create({
      data: {
        name: "com.example/b",
        namespace: "com.example",
        firstPublishedAt: at,
        updatedAt: at,
        categoriesWanted: "b1",
        categoriesBasis: "b1",
      },
    });
    const work = owedCategories(new CatalogRepository(h.db.prisma), h.bus);
    expect(await work.queue("timer")).toBe(1);
    expect(await queued(h, "catalog")).toEqual([
      `assign-categories:${stableJobId("categories", "com.example/a", "b2")}`,
    ]);
    expect(await work.queue("timer")).toBe(0);
  });

  it("queues the probe of a round queued and never recorded, as the job it was", async () => {
    const at = new Date("2026-01-01T00:00:00Z");
    await h.db.prisma.server.create({
      data: { name: "com.example/a", namespace: "com.example", firstPublishedAt: at, updatedAt: at },
    });
    const probes = new ProbesRepository(h.db.prisma);
    await h.db.prisma.$transaction((tx) =>
      probes.syncTargets(
        tx,
        "com.example/a",
        [{ url: "https://a.example/mcp", transport: "streamable-http" }],
        1,
        at,
      ),
    );
    const round = (await probes.due(new Date(at.getTime() + 1000), 10))[0]!.nextProbeAt;
    await new ScheduleProbesService(probes, h.bus, 3_600_000).tick(new Date(at.getTime() + 1000));
    const scheduled = await queued(h, "prober");
    expect(scheduled).toHaveLength(1);
    // Redis loses it; the round is recorded in PostgreSQL as queued and not probed.
    await h.bus.queue("prober").obliterate({ force: true });
    const work = owedProbes(probes, h.bus);
    expect(await work.queue("lost")).toBe(1);
    expect(await queued(h, "prober")).toEqual(scheduled);
    expect((await h.bus.queue("prober").getJobs(["prioritized", "waiting"]))[0]!.data.scheduledFor).toBe(
      round.toISOString(),
    );
    // Once a probe of the round is recorded, nothing is owed.
    await h.bus.queue("prober").obliterate({ force: true });
    await h.db.prisma.$transaction((tx) =>
      probes.markProbed(tx, "com.example/a", "https://a.example/mcp", "ok", new Date()),
    );
    expect(await work.queue("lost")).toBe(0);
  });
});
