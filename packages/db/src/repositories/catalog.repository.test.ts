import { createHarness, type Harness } from "@catalog/testing";
import { CatalogRepository, type VersionWrite } from "./catalog.repository.js";

const NAME = "io.example/weather";

function version(v: string, publishedAt: string, changes: Partial<VersionWrite> = {}): VersionWrite {
  return {
    serverName: NAME,
    version: v,
    serverJson: { name: NAME, version: v, description: `Weather ${v}` },
    officialMeta: { publishedAt },
    status: "active",
    statusChangedAt: null,
    statusMessage: null,
    publishedAt: new Date(publishedAt),
    updatedAt: new Date(publishedAt),
    isLatest: false,
    contentHash: `hash ${v}`,
    source: "mirror",
    ...changes,
  };
}

describe("CatalogRepository (real PostgreSQL)", () => {
  let h: Harness;
  let repo: CatalogRepository;
  beforeEach(async () => {
    h = await createHarness();
    repo = new CatalogRepository(h.db.prisma);
  });
  afterEach(() => h.close());

  const write = (...versions: VersionWrite[]) =>
    repo.withServerLock(NAME, async (tx) => {
      await repo.ensureServer(tx, NAME, "io.example", versions[0]!.publishedAt, versions[0]!.updatedAt);
      for (const v of versions) await repo.writeVersion(tx, v);
    });

  it("reads a stored version and the latest in one trip, and moves the latest flag", async () => {
    await write(
      version("1.0.0", "2025-01-01T00:00:00Z", { isLatest: true }),
      version("1.1.0", "2025-02-01T00:00:00Z"),
    );
    await repo.withServerLock(NAME, async (tx) => {
      const state = await repo.versionState(tx, NAME, "1.1.0");
      expect(state.existing).toMatchObject({ version: "1.1.0", contentHash: "hash 1.1.0", isLatest: false });
      expect(state.latest).toMatchObject({ version: "1.0.0", isLatest: true });
      await repo.setLatest(tx, NAME, "1.1.0");
      expect((await repo.versionState(tx, NAME, "2.0.0")).latest?.version).toBe("1.1.0");
      expect((await repo.versionState(tx, NAME, "2.0.0")).existing).toBeNull();
    });
  });

  it("takes a server's facts from its latest version and its span from all of them", async () => {
    await write(
      version("1.0.0", "2025-01-01T00:00:00Z"),
      version("2.0.0", "2025-03-01T00:00:00Z", { status: "deleted" }),
      version("1.5.0", "2025-02-01T00:00:00Z"),
    );
    await repo.withServerLock(NAME, async (tx) => {
      // None marked latest: the newest not deleted.
      const facts = await repo.serverFacts(tx, NAME);
      expect(facts?.source.version).toBe("1.5.0");
      expect(facts?.first).toEqual(new Date("2025-01-01T00:00:00Z"));
      expect(facts?.updated).toEqual(new Date("2025-03-01T00:00:00Z"));
      expect(await repo.serverFacts(tx, "io.example/none")).toBeNull();
    });
  });

  it("runs one server's writes one after the other", async () => {
    await write(version("1.0.0", "2025-01-01T00:00:00Z"));
    const order: string[] = [];
    let inside!: () => void;
    const firstInside = new Promise<void>((r) => (inside = r));
    const first = repo.withServerLock(NAME, async () => {
      order.push("first in");
      inside();
      await new Promise((r) => setTimeout(r, 200));
      order.push("first out");
    });
    // Asks for the lock while the first holds it.
    await firstInside;
    const second = repo.withServerLock(NAME, async () => void order.push("second in"));
    await Promise.all([first, second]);
    expect(order).toEqual(["first in", "first out", "second in"]);
  });

  it("tells the mirror the stored hash of each version it asks about", async () => {
    await write(version("1.0.0", "2025-01-01T00:00:00Z"), version("1.1.0", "2025-02-01T00:00:00Z"));
    const hashes = await repo.versionHashes([
      { name: NAME, version: "1.1.0" },
      { name: NAME, version: "9.9.9" },
    ]);
    expect([...hashes.values()]).toEqual(["hash 1.1.0"]);
  });
});
