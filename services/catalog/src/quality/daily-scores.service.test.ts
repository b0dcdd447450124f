import { CategoryClassifier } from "@catalog/categories";
import {
  CatalogRepository,
  EvidenceRepository,
  PackageTargetsRepository,
  ProbesRepository,
  QualityHistoryRepository,
  ToolsRepository,
} from "@catalog/db";
import { stableJobId } from "@catalog/queue";
import { createHarness, type Harness } from "@catalog/testing";
import { DerivedService } from "../servers/derived.service.js";
import { DailyScoresService, utcDay } from "./daily-scores.service.js";

const NOW = new Date("2026-02-01T23:30:00Z");
const NAME = "io.example/weather";

describe("DailyScoresService (real PostgreSQL and Redis)", () => {
  let h: Harness;
  let catalog: CatalogRepository;
  let service: DailyScoresService;
  beforeAll(async () => {
    h = await createHarness();
    catalog = new CatalogRepository(h.db.prisma);
    const derived = new DerivedService(
      catalog,
      new ProbesRepository(h.db.prisma),
      new PackageTargetsRepository(h.db.prisma),
      new EvidenceRepository(),
      CategoryClassifier.keywords(),
      h.bus,
      3_600_000,
      () => NOW,
    );
    service = new DailyScoresService(catalog, new QualityHistoryRepository(), derived, h.bus, () => NOW);
  });
  afterAll(() => h.close());

  it("names the UTC day of a time", () => {
    expect(utcDay(new Date("2026-02-01T23:59:59-01:00"))).toBe("2026-02-02");
  });

  it("queues one job per server not deleted upstream, page after page, once per day", async () => {
    // 501 servers: more than a page of 500.
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, status, first_published_at, updated_at)
       SELECT 'io.many/s' || lpad(i::text, 3, '0'), 'io.many', 'active'::"ServerStatus", now(), now() FROM generate_series(1, 501) i
       UNION ALL SELECT 'io.many/deleted', 'io.many', 'deleted'::"ServerStatus", now(), now()`,
    );
    expect(await service.fanOut()).toBe(501);
    expect(await service.fanOut()).toBe(501); // the same day again: the same job ids
    const queue = h.bus.queue("catalog");
    expect(await queue.count()).toBe(501);
    const last = await queue.getJob(stableJobId("daily-score", "2026-02-01", "io.many/s501"));
    expect(last).toMatchObject({
      name: "record-daily-score",
      data: { serverName: "io.many/s501", day: "2026-02-01" },
    });
    expect(await queue.getJob(stableJobId("daily-score", "2026-02-01", "io.many/deleted"))).toBeUndefined();

    expect(await service.fanOut("2026-02-02")).toBe(501);
    expect(await queue.count()).toBe(1002);
  });

  it("re-derives a server and records its score for the day; the day's first score stays", async () => {
    const at = new Date("2026-01-01T00:00:00Z");
    await catalog.withServerLock(NAME, async (tx) => {
      await catalog.ensureServer(tx, NAME, "io.example", at, at);
      await catalog.writeVersion(tx, {
        serverName: NAME,
        version: "1.0.0",
        serverJson: { name: NAME, version: "1.0.0", description: "Weather forecasts for any city." },
        officialMeta: {},
        status: "active",
        statusChangedAt: null,
        statusMessage: null,
        publishedAt: at,
        updatedAt: at,
        isLatest: true,
        contentHash: "hash",
        source: "import",
      });
    });
    const scores = () =>
      h.db.prisma.qualityScore.findMany({
        where: { serverName: NAME },
        orderBy: { day: "asc" },
        select: { day: true, score: true, label: true },
      });

    expect(await service.record(NAME, "2026-02-01")).toBe(true);
    expect(await scores()).toEqual([{ day: new Date("2026-02-01"), score: null, label: "unrated" }]);
    expect((await h.db.prisma.server.findUniqueOrThrow({ where: { name: NAME } })).qualityAssessedAt).toEqual(
      NOW,
    );

    // Tools give it a score; the day keeps its first one, the next day records the new one.
    await catalog.withServerLock(NAME, (tx) =>
      new ToolsRepository().record(
        tx,
        NAME,
        { source: "import", observedAt: at, listHash: "list" },
        [
          {
            name: "get_forecast",
            title: null,
            description: "Returns the weather forecast for a city.",
            inputSchema: { type: "object", properties: { city: { type: "string" } } },
            outputSchema: null,
            annotations: { readOnlyHint: true },
            definitionHash: "hash",
            definitionTokens: 20,
          },
        ],
        [],
      ),
    );
    expect(await service.record(NAME, "2026-02-01")).toBe(false);
    expect(await service.record(NAME, "2026-02-02")).toBe(true);
    const [first, second] = await scores();
    expect(first).toEqual({ day: new Date("2026-02-01"), score: null, label: "unrated" });
    expect(second!.score).toEqual(expect.any(Number));
    expect(second!.label).not.toBe("unrated");

    expect(await service.record("io.example/unknown", "2026-02-01")).toBe(false);
  });
});
