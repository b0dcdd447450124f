import { CategoryClassifier } from "@catalog/categories";
import {
  CatalogRepository,
  EvidenceRepository,
  PackageTargetsRepository,
  ProbesRepository,
} from "@catalog/db";
import { namespaceOf } from "@catalog/registry";
import { createHarness, type Harness } from "@catalog/testing";
import { DerivedService } from "./derived.service.js";
import { RefreshServersService } from "./refresh-servers.service.js";

const SERVERS = ["io.acme/mail", "io.acme/weather", "io.acmecorp/notes", "io.other/acme"];

describe("RefreshServersService (real PostgreSQL)", () => {
  let h: Harness;
  let service: RefreshServersService;
  beforeAll(async () => {
    h = await createHarness();
    const catalog = new CatalogRepository(h.db.prisma);
    const derived = new DerivedService(
      catalog,
      new ProbesRepository(h.db.prisma),
      new PackageTargetsRepository(h.db.prisma),
      new EvidenceRepository(),
      CategoryClassifier.keywords(),
      h.bus,
      3_600_000,
    );
    service = new RefreshServersService(catalog, derived);
    const at = new Date("2026-01-01T00:00:00Z");
    for (const name of SERVERS)
      await catalog.withServerLock(name, async (tx) => {
        await catalog.ensureServer(tx, name, namespaceOf(name), at, at);
        await catalog.writeVersion(tx, {
          serverName: name,
          version: "1.0.0",
          serverJson: { name, version: "1.0.0", description: "A server." },
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
        await derived.refresh(tx, name);
      });
  });
  afterAll(() => h.close());

  const blocked = async () =>
    (
      await h.db.prisma.server.findMany({
        where: { trustFlags: { has: "blocked" } },
        orderBy: { name: "asc" },
        select: { name: true, trustScore: true },
      })
    ).map((s) => [s.name, s.trustScore]);

  it("re-derives every server of a namespace for `<namespace>/*`, and no other", async () => {
    await h.db.prisma.blocklistEntry.create({
      data: { name: "io.acme/*", reason: "malware", createdBy: "test" },
    });
    expect(await blocked()).toEqual([]); // derived before the entry
    expect(await service.refresh("io.acme/*")).toBe(2);
    expect(await blocked()).toEqual([
      ["io.acme/mail", 0],
      ["io.acme/weather", 0],
    ]);
  });

  it("re-derives the one server a name designates", async () => {
    await h.db.prisma.blocklistEntry.create({
      data: { name: "io.other/acme", reason: "spam", createdBy: "test" },
    });
    await h.db.prisma.blocklistEntry.create({
      data: { name: "io.acmecorp/*", reason: "spam", createdBy: "test" },
    });
    expect(await service.refresh("io.other/acme")).toBe(1);
    expect((await blocked()).map(([name]) => name)).toEqual([
      "io.acme/mail",
      "io.acme/weather",
      "io.other/acme",
    ]);
    expect(await service.refresh("io.other/none")).toBe(0);
    expect(await service.refresh("io.none/*")).toBe(0);
  });
});
