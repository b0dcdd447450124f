import { createHarness, type Harness } from "@catalog/testing";
import { SearchFactsRepository } from "./search-facts.repository.js";

describe("SearchFactsRepository (real PostgreSQL)", () => {
  let h: Harness;
  let repo: SearchFactsRepository;
  beforeAll(async () => {
    h = await createHarness();
    repo = new SearchFactsRepository(h.db);
    // "unindexed" has no server document yet; "deleted" is still indexed.
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at, status, trust_score, categories, access_classes)
       VALUES ('io.example/a', 'io.example', now(), now(), 'active', 70, '{weather}', '{open,late_gate}'),
              ('io.example/b', 'io.example', now(), now(), 'deprecated', 10, '{}', '{}'),
              ('io.example/unindexed', 'io.example', now(), now(), 'active', 0, '{}', '{}'),
              ('io.example/deleted', 'io.example', now(), now(), 'deleted', 0, '{}', '{}')`,
    );
    await h.db.pool.query(
      `INSERT INTO search_documents (id, server_name, kind, tool_name, body, content_hash, transports)
       VALUES ('s:io.example/a', 'io.example/a', 'server', NULL, 'Weather', '', '{streamable-http}'),
              ('t:io.example/a:forecast', 'io.example/a', 'tool', 'forecast', 'Tomorrow''s weather', '', '{}'),
              ('s:io.example/b', 'io.example/b', 'server', NULL, 'B', '', '{}'),
              ('t:io.example/unindexed:x', 'io.example/unindexed', 'tool', 'x', 'X', '', '{}'),
              ('s:io.example/deleted', 'io.example/deleted', 'server', NULL, 'Gone', '', '{}')`,
    );
  });
  afterAll(() => h.close());

  it("reads the facts of indexed servers not deleted, with their server document's transports and their access classes", async () => {
    const all = await repo.serverFacts();
    expect(all.map((f) => f.name).sort()).toEqual(["io.example/a", "io.example/b"]);
    expect(await repo.serverFacts(["io.example/a", "io.example/deleted"])).toEqual([
      {
        name: "io.example/a",
        title: null,
        description: "",
        connectionClass: "unknown",
        autonomous: false,
        humanSteps: [],
        categories: ["weather"],
        trustScore: 70,
        trustFlags: [],
        qualityScore: null,
        qualityLabel: "unrated",
        toolCount: 0,
        toolTokens: null,
        transports: ["streamable-http"],
        access: ["open", "late_gate"],
      },
    ]);
    expect(await repo.serverFacts([])).toEqual([]);
  });

  it("reads documents' descriptions by id, leaving out unknown ids", async () => {
    expect(await repo.descriptions(["t:io.example/a:forecast", "t:io.example/a:gone"])).toEqual(
      new Map([["t:io.example/a:forecast", "Tomorrow's weather"]]),
    );
    expect(await repo.descriptions([])).toEqual(new Map());
  });
});
