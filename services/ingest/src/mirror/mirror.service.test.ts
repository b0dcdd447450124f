import { CatalogRepository, MirrorStateRepository } from "@catalog/db";
import { redisKeys, stableJobId } from "@catalog/queue";
import {
  entryHash,
  formatCursor,
  listEntries,
  OFFICIAL_META_KEY,
  type ListQuery,
  type RegistryEntry,
} from "@catalog/registry";
import { createHarness, type Harness } from "@catalog/testing";
import { QueueFence } from "./fence.js";
import { CatalogHandOver } from "./hand-over.js";
import { MirrorService, type MirrorStats } from "./mirror.service.js";
import type { InvalidEntry, RegistryPage, RegistrySource } from "./registry-source.js";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function entry(name: string, version: string, updatedAt: string): RegistryEntry {
  return {
    server: { name, version, description: `${name} ${version}` },
    _meta: {
      [OFFICIAL_META_KEY]: {
        status: "active",
        publishedAt: "2025-10-01T00:00:00Z",
        updatedAt,
        isLatest: true,
      },
    },
  } as RegistryEntry;
}

/** Stands in for the upstream registry: its list API over `entries`, failing the n-th request on demand. */
class StandInRegistry implements RegistrySource {
  readonly description = "stand-in registry";
  readonly queries: ListQuery[] = [];
  failOnRequest: number | undefined;

  constructor(
    readonly entries: RegistryEntry[],
    private readonly invalid: InvalidEntry[] = [],
  ) {}

  async list(query: ListQuery): Promise<RegistryPage> {
    this.queries.push(query);
    if (this.queries.length === this.failOnRequest) throw new Error("upstream answered 503");
    const page = listEntries(this.entries, query);
    return query.cursor ? page : { ...page, invalid: this.invalid };
  }
}

const ENTRIES = [
  entry("io.example/a", "1.0.0", "2025-11-01T00:00:00Z"),
  entry("io.example/a", "1.1.0", "2025-11-05T00:00:00Z"),
  entry("io.example/b", "1.0.0", "2025-11-03T00:00:00Z"),
  entry("io.example/c", "1.0.0", "2025-11-02T00:00:00Z"),
  entry("io.example/d", "1.0.0", "2025-11-04T00:00:00Z"),
];

describe("MirrorService (real PostgreSQL and Redis)", () => {
  let h: Harness;
  let clock: Date;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  /** A mirror of `source` keeping its position under `state` (one per test); pages of 2 entries. */
  function mirror(source: RegistrySource, state: string) {
    const pages: (MirrorStats & { running: boolean })[] = [];
    const invalid: InvalidEntry[] = [];
    const repo = new MirrorStateRepository(h.db.prisma, state);
    const service: MirrorService = new MirrorService(
      source,
      repo,
      CatalogHandOver.create(h.db.prisma, h.bus),
      h.log,
      {
        pageSize: 2,
        fullEveryMs: DAY_MS,
        now: () => clock,
        fence: new QueueFence(h.bus),
        onInvalid: (e) => invalid.push(e),
        onPage: (stats) => pages.push({ ...stats, running: service.running }),
      },
    );
    return { service, repo, pages, invalid };
  }
  const upsertJobs = () => h.bus.queue("catalog").getJobs(["waiting"]);

  it("hands every version over page by page, skips invalid entries, and records a full run", async () => {
    clock = new Date("2025-12-01T00:00:00Z");
    const registry = new StandInRegistry(ENTRIES, [{ name: "io.bad/x", problem: "version: required" }]);
    const { service, repo, pages, invalid } = mirror(registry, "first");
    expect(await service.run()).toEqual({ pages: 3, seen: 5, handedOver: 5, unchanged: 0, invalid: 1 });
    expect(invalid).toEqual([{ name: "io.bad/x", problem: "version: required" }]);
    expect(pages.map((p) => [p.pages, p.seen, p.running])).toEqual([
      [1, 2, true],
      [2, 4, true],
      [3, 5, true],
    ]);
    expect(service.running).toBe(false);
    expect(registry.queries.map((q) => [q.cursor, q.updatedSince, q.limit, q.includeDeleted])).toEqual([
      [undefined, undefined, 2, true],
      [formatCursor("io.example/a", "1.1.0"), undefined, 2, true],
      [formatCursor("io.example/c", "1.0.0"), undefined, 2, true],
    ]);

    const jobs = await upsertJobs();
    expect(jobs).toHaveLength(5);
    const d = ENTRIES[4]!;
    const hash = entryHash(d.server, d._meta[OFFICIAL_META_KEY]);
    expect(jobs.find((j) => j.data.entry.server.name === "io.example/d")).toMatchObject({
      id: stableJobId("upsert", "io.example/d", "1.0.0", hash),
      name: "upsert-version",
      data: { hash, source: "mirror" },
    });
    expect(await h.db.prisma.catalogInbox.count()).toBe(5);
    expect(await repo.get()).toEqual({
      highWaterMark: new Date("2025-11-05T00:00:00Z"),
      lastSuccessAt: clock,
      lastFullAt: clock,
      run: null,
    });
  });

  it("goes on incrementally from the high-water mark, fully again once due, and hands over only what the catalog lacks", async () => {
    const registry = new StandInRegistry([
      ...ENTRIES,
      entry("io.example/e", "1.0.0", "2025-11-20T00:00:00Z"),
    ]);
    const { service, repo } = mirror(registry, "first");
    clock = new Date("2025-12-01T01:00:00Z");
    expect(await service.run()).toMatchObject({ pages: 1, seen: 1, handedOver: 1 });
    expect(registry.queries[0]!.updatedSince).toEqual(new Date("2025-11-05T00:00:00Z"));
    expect(await repo.get()).toMatchObject({
      highWaterMark: new Date("2025-11-20T00:00:00Z"),
      lastFullAt: new Date("2025-12-01T00:00:00Z"),
    });

    // The catalog wrote two of the versions.
    const catalog = new CatalogRepository(h.db.prisma);
    for (const e of ENTRIES.slice(0, 2))
      await catalog.withServerLock(e.server.name, async (tx) => {
        const meta = e._meta[OFFICIAL_META_KEY];
        await catalog.ensureServer(
          tx,
          e.server.name,
          "io.example",
          new Date(meta.publishedAt),
          new Date(meta.updatedAt),
        );
        await catalog.writeVersion(tx, {
          serverName: e.server.name,
          version: e.server.version,
          serverJson: e.server,
          officialMeta: meta,
          status: "active",
          statusChangedAt: null,
          statusMessage: null,
          publishedAt: new Date(meta.publishedAt),
          updatedAt: new Date(meta.updatedAt),
          isLatest: false,
          contentHash: entryHash(e.server, meta),
          source: "mirror",
        });
      });
    clock = new Date("2025-12-02T00:00:00Z");
    registry.queries.length = 0;
    expect(await service.run()).toMatchObject({ pages: 3, seen: 6, handedOver: 4, unchanged: 2 });
    expect(registry.queries[0]!.updatedSince).toBeUndefined();
    expect((await repo.get()).lastFullAt).toEqual(clock);
    expect(await upsertJobs()).toHaveLength(6); // handed over again, queued once
  });

  it("resumes an interrupted run at the page whose jobs were queued, and at its first page when Redis lost the mark", async () => {
    clock = new Date("2025-12-03T00:00:00Z");
    const registry = new StandInRegistry(ENTRIES);
    const { service, repo } = mirror(registry, "resume");
    registry.failOnRequest = 3;
    await expect(service.run()).rejects.toThrow("upstream answered 503");
    expect((await repo.get()).run).toMatchObject({
      mode: "full",
      cursor: formatCursor("io.example/c", "1.0.0"),
    });
    expect(await h.db.prisma.mirrorState.findUniqueOrThrow({ where: { source: "resume" } })).toMatchObject({
      lastError: "upstream answered 503",
    });

    expect(await service.run()).toMatchObject({ pages: 1, seen: 1 });
    expect(registry.queries[3]!.cursor).toBe(formatCursor("io.example/c", "1.0.0"));
    expect(await repo.get()).toMatchObject({ run: null, lastSuccessAt: clock });

    // Interrupted again, and Redis comes back without the mark: the queued pages may be lost.
    registry.queries.length = 0;
    registry.failOnRequest = 2;
    await expect(service.run("full")).rejects.toThrow();
    expect((await repo.get()).run?.cursor).toBe(formatCursor("io.example/a", "1.1.0"));
    await h.bus.redis().del(redisKeys(h.prefix).mirrorFence);
    expect(await service.run()).toMatchObject({ pages: 3, seen: 5 });
    expect(registry.queries[2]!.cursor).toBeUndefined();
  });

  it("runs a full pass when Redis does not confirm that the last run's work survived", async () => {
    clock = new Date("2025-12-03T01:00:00Z");
    const registry = new StandInRegistry(ENTRIES);
    const { service } = mirror(registry, "resume");
    await h.bus.redis().del(redisKeys(h.prefix).mirrorFence);
    expect(await service.run()).toMatchObject({ pages: 3, seen: 5 });
    expect(registry.queries[0]!.updatedSince).toBeUndefined();
  });
});
