import { SearchIndexStateRepository } from "@catalog/db";
import { stableJobId } from "@catalog/queue";
import { createHarness, type Harness } from "@catalog/testing";
import { owedIndex } from "./index.owed.js";

describe("index jobs owed by the search service (real PostgreSQL and Redis)", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(() => h.close());

  it("queues an index job for a server changed since its documents were built, and none once they are", async () => {
    const at = new Date("2026-01-01T00:00:00Z");
    const server = await h.db.prisma.server.create({
      data: { name: "com.example/a", namespace: "com.example", firstPublishedAt: at, updatedAt: at },
    });
    const state = new SearchIndexStateRepository(h.db.prisma);
    const work = owedIndex(state, h.bus);
    // Never indexed, changed a moment ago: within the grace, unless Redis lost its data.
    expect(await work.queue("timer")).toBe(0);
    expect(await work.queue("lost")).toBe(1);
    expect((await h.bus.queue("search").getJobs(["waiting"])).map((j) => j.id)).toEqual([
      stableJobId("index", "com.example/a", server.modifiedAt.toISOString()),
    ]);
    await h.bus.queue("search").obliterate({ force: true });
    await state.indexed([{ name: server.name, modifiedAt: server.modifiedAt }]);
    expect(await work.queue("lost")).toBe(0);
    // Deleted: what is indexed of it is owed its removal.
    await h.db.prisma.server.update({ where: { name: server.name }, data: { status: "deleted" } });
    expect(await work.queue("lost")).toBe(1);
  });
});
