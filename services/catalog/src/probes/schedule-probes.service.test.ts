import { ProbesRepository } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { listFreshUntil, ScheduleProbesService } from "./schedule-probes.service.js";

describe("ScheduleProbesService (real PostgreSQL and Redis)", () => {
  let h: Harness;
  afterEach(() => h.close());

  it("queues one job per due target, moves each to its next round, and queues nothing again until then", async () => {
    h = await createHarness();
    const at = new Date("2026-01-01T00:00:00Z");
    await h.db.prisma.server.create({
      data: { name: "com.example/a", namespace: "com.example", firstPublishedAt: at, updatedAt: at },
    });
    const probes = new ProbesRepository(h.db.prisma);
    await h.db.prisma.$transaction((tx) =>
      probes.syncTargets(
        tx,
        "com.example/a",
        [
          { url: "https://a.example/mcp", transport: "streamable-http" },
          { url: "https://a.example/sse", transport: "sse" },
        ],
        1,
        at,
      ),
    );
    const service = new ScheduleProbesService(probes, h.bus, 3_600_000);
    const now = new Date(at.getTime() + 1000);
    expect(await service.tick(now)).toBe(2);
    expect(await service.tick(now)).toBe(0);

    const jobs = await h.bus.queue("prober").getJobs(["waiting", "prioritized", "delayed"]);
    expect(
      jobs
        .map((j) => j.data as { url: string; transport: string })
        .sort((a, b) => a.url.localeCompare(b.url)),
    ).toEqual([
      expect.objectContaining({
        url: "https://a.example/mcp",
        transport: "streamable-http",
        scheduledFor: at.toISOString(),
      }),
      expect.objectContaining({
        url: "https://a.example/sse",
        transport: "sse",
        scheduledFor: at.toISOString(),
      }),
    ]);
    expect(await probes.due(new Date(now.getTime() + 3_600_000), 10)).toHaveLength(2);
  });
});

describe("listFreshUntil", () => {
  const now = new Date("2026-01-02T00:00:00Z");
  const last = (outcome: string, toolsTtlMs: number | null) => ({
    outcome,
    finishedAt: new Date("2026-01-01T00:00:00Z"),
    toolsTtlMs,
  });
  const day = 86_400_000;

  it("reuses a list whose ttl is longer than the interval, while the ttl runs", () => {
    expect(listFreshUntil(last("ok", 3 * day), day, now)).toEqual(new Date("2026-01-04T00:00:00Z"));
  });
  it("lists again after a ttl no longer than the interval, an expired one, none, or a list that did not answer", () => {
    expect(listFreshUntil(last("ok", day), day, now)).toBeNull();
    expect(listFreshUntil(last("ok", day + 1), day - 1, new Date("2026-01-03T00:00:00Z"))).toBeNull();
    expect(listFreshUntil(last("ok", null), day, now)).toBeNull();
    expect(listFreshUntil(last("auth_required", 3 * day), day, now)).toBeNull();
    expect(listFreshUntil(undefined, day, now)).toBeNull();
  });
});

describe("ScheduleProbesService: cacheable lists (real PostgreSQL and Redis)", () => {
  let h: Harness;
  afterEach(() => h.close());

  it("tells the probe job until when the last list is cacheable; a reusing probe does not extend it", async () => {
    h = await createHarness();
    const at = new Date("2026-01-01T00:00:00Z");
    const name = "com.example/cached";
    const url = "https://cached.example/mcp";
    await h.db.prisma.server.create({
      data: { name, namespace: "com.example", firstPublishedAt: at, updatedAt: at },
    });
    const probes = new ProbesRepository(h.db.prisma);
    await h.db.prisma.$transaction(async (tx) => {
      await probes.syncTargets(tx, name, [{ url, transport: "streamable-http" }], 1, at);
      const row = (startedAt: Date, toolsTtlMs: number | null, reused: boolean) =>
        probes.record(tx, {
          serverName: name,
          url,
          scheduled: true,
          outcome: "ok",
          protocolVersion: "2026-07-28",
          latencyMs: 10,
          authRequired: false,
          access: "open",
          toolsTtlMs,
          toolsCacheScope: toolsTtlMs === null ? null : "public",
          result: { tools_reused_until: reused ? "2026-01-04T00:00:00.000Z" : null },
          startedAt,
          finishedAt: startedAt,
        });
      await row(new Date(at.getTime() - 2 * 3_600_000), 3 * 3_600_000, false); // listed, fresh for 3 h
      await row(new Date(at.getTime() - 3_600_000), null, true); // reused it an hour later
    });
    const service = new ScheduleProbesService(probes, h.bus, 3_600_000);
    expect(await service.tick(new Date(at.getTime() + 1000))).toBe(1);
    const [job] = await h.bus.queue("prober").getJobs(["waiting", "prioritized", "delayed"]);
    expect(job!.data).toMatchObject({
      url,
      listFreshUntil: new Date(at.getTime() + 3_600_000).toISOString(),
    });
  });
});
