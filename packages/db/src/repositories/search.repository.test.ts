import { createHarness, type Harness } from "@catalog/testing";
import { SearchRepository } from "./search.repository.js";

const MODEL = "test/model";
const NAME = "io.example/a";

describe("SearchRepository (real PostgreSQL)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    await h.db.pool.query(
      "INSERT INTO servers (name, namespace, first_published_at, updated_at) VALUES ($1, 'io.example', now(), now())",
      [NAME],
    );
  });
  afterAll(() => h.close());

  it("answers every concern's methods from one object", async () => {
    const repo = new SearchRepository(h.db);
    await repo.syncDocuments(
      [NAME],
      [`s:${NAME}`],
      [
        {
          id: `s:${NAME}`,
          serverName: NAME,
          kind: "server",
          toolName: null,
          title: "A",
          body: "About A",
          identifiers: NAME,
          params: "",
          transports: [],
          contentHash: "content a",
          embedHash: "embed a",
        },
      ],
    );
    expect((await repo.loadServers([NAME])).map((s) => s.name)).toEqual([NAME]);
    expect((await repo.lexicalRows([NAME])).map((r) => r.body)).toEqual(["About A"]);
    expect((await repo.serverFacts([NAME])).map((f) => f.name)).toEqual([NAME]);
    expect(await repo.countUnembedded(MODEL)).toBe(1);
    await repo.saveEmbeddings(MODEL, [{ hash: "embed a", vector: Float32Array.from([1, 0]) }]);
    expect((await repo.vectorPage(MODEL, "", 10)).map((r) => r.id)).toEqual([`s:${NAME}`]);
  });
});
