import { ProbesRepository } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { ScheduleProbesService } from "./schedule-probes.service.js";

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
