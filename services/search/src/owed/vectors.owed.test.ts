import { SearchRepository, type SearchDocumentWrite } from "@catalog/db";
import { stableJobId } from "@catalog/queue";
import { createHarness, type Harness } from "@catalog/testing";
import { owedVectors } from "./vectors.owed.js";

const MODEL = "test/model";

function doc(serverName: string, embedHash: string): SearchDocumentWrite {
  return {
    id: `${serverName}#server`,
    serverName,
    kind: "server",
    toolName: null,
    title: serverName,
    body: `About ${serverName}`,
    identifiers: serverName,
    params: "",
    transports: [],
    contentHash: `c-${embedHash}`,
    embedHash,
  };
}

describe("embedding owed by the search service (real PostgreSQL and Redis)", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(() => h.close());

  it("queues an embed job per server with texts lacking a vector, named by those texts, and none once embedded", async () => {
    const repo = new SearchRepository(h.db);
    for (const [name, hash] of [
      ["com.example/a", "h-a"],
      ["com.example/b", "h-b"],
    ] as const) {
      await h.db.prisma.server.create({
        data: { name, namespace: "com.example", firstPublishedAt: new Date(), updatedAt: new Date() },
      });
      await repo.syncDocuments([name], [`${name}#server`], [doc(name, hash)]);
    }
    const loaded: { model?: string } = {};
    const work = owedVectors(repo, h.bus, () => loaded.model);
    expect(await work.queue("start")).toBe(0); // no model loaded: nothing is owed yet
    loaded.model = MODEL;
    await repo.saveEmbeddings(MODEL, [{ hash: "h-b", vector: new Float32Array([1, 0]) }]);
    expect(await work.queue("lost")).toBe(1);
    expect((await h.bus.queue("vectors").getJobs(["waiting"])).map((j) => [j.id, j.data])).toEqual([
      [stableJobId("embed", "com.example/a", "h-a"), { serverName: "com.example/a" }],
    ]);
    expect(await work.queue("timer")).toBe(0); // queued already: queued twice, it runs once
    await repo.saveEmbeddings(MODEL, [{ hash: "h-a", vector: new Float32Array([0, 1]) }]);
    await h.bus.queue("vectors").obliterate({ force: true });
    expect(await work.queue("lost")).toBe(0);
  });
});
