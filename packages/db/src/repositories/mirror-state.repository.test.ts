import { createHarness, type Harness } from "@catalog/testing";
import { MirrorStateRepository, type MirrorRun } from "./mirror-state.repository.js";

describe("MirrorStateRepository", () => {
  let h: Harness;
  let repo: MirrorStateRepository;
  beforeEach(async () => {
    h = await createHarness();
    repo = new MirrorStateRepository(h.db.prisma);
  });
  afterEach(() => h.close());

  const run = (over: Partial<MirrorRun> = {}): MirrorRun => ({
    mode: "incremental",
    since: new Date("2025-12-01T00:00:00Z"),
    cursor: "io.github.a/x:1.0.0",
    maxUpdated: new Date("2025-12-10T00:00:00Z"),
    startedAt: new Date("2025-12-18T10:00:00Z"),
    ...over,
  });

  it("knows nothing before the first run, then resumes a run at its saved position", async () => {
    expect(await repo.get()).toEqual({
      highWaterMark: null,
      lastSuccessAt: null,
      lastFullAt: null,
      run: null,
    });
    await repo.saveRun(run());
    expect((await repo.get()).run).toEqual(run());
    await repo.saveRun(run({ cursor: "io.github.b/y:2.0.0" }));
    expect((await repo.get()).run?.cursor).toBe("io.github.b/y:2.0.0");
  });

  it("completes a run: the high-water mark only moves forward, a full run is remembered as such", async () => {
    const now = new Date("2025-12-18T11:00:00Z");
    await repo.saveRun(run({ mode: "full" }));
    await repo.completeRun(run({ mode: "full" }), { versions: 10 }, now);
    expect(await repo.get()).toEqual({
      highWaterMark: new Date("2025-12-10T00:00:00Z"),
      lastSuccessAt: now,
      lastFullAt: now,
      run: null,
    });
    const later = new Date("2025-12-18T12:00:00Z");
    const older = run({ maxUpdated: new Date("2025-12-05T00:00:00Z") });
    await repo.saveRun(older);
    await repo.completeRun(older, { versions: 0 }, later);
    expect(await repo.get()).toMatchObject({
      highWaterMark: new Date("2025-12-10T00:00:00Z"),
      lastSuccessAt: later,
      lastFullAt: now,
    });
  });

  it("keeps a separate state per source", async () => {
    await repo.saveRun(run());
    expect((await new MirrorStateRepository(h.db.prisma, "other").get()).run).toBeNull();
  });
});
