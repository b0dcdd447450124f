import { createHarness, type Harness } from "@catalog/testing";
import { SearchLexicalRepository } from "./search-lexical.repository.js";

describe("SearchLexicalRepository (real PostgreSQL)", () => {
  let h: Harness;
  let repo: SearchLexicalRepository;
  beforeAll(async () => {
    h = await createHarness();
    repo = new SearchLexicalRepository(h.db);
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at)
       SELECT n, 'io.example', now(), now() FROM unnest(ARRAY['io.example/a', 'io.example/b']) AS n`,
    );
    // By id alone b's server document would come between a's documents.
    await h.db.pool.query(
      `INSERT INTO search_documents (id, server_name, kind, tool_name, title, body, params, content_hash)
       SELECT id, server, kind, tool, coalesce(tool, server), 'About ' || id, '', 'hash ' || id
       FROM (VALUES ('s:io.example/a', 'io.example/a', 'server', NULL),
                    ('t:io.example/a:zip', 'io.example/a', 'tool', 'zip'),
                    ('s:io.example/b', 'io.example/b', 'server', NULL)) AS d(id, server, kind, tool)`,
    );
  });
  afterAll(() => h.close());

  it("pages every document a server at a time, resuming after the last row of a page", async () => {
    const first = await repo.lexicalPage(undefined, 1);
    expect(first).toEqual([
      {
        id: "s:io.example/a",
        serverName: "io.example/a",
        toolName: null,
        title: "io.example/a",
        body: "About s:io.example/a",
        params: "",
        contentHash: "hash s:io.example/a",
      },
    ]);
    const rest = await repo.lexicalPage(first[0], 10);
    expect(rest.map((r) => r.id)).toEqual(["t:io.example/a:zip", "s:io.example/b"]);
    expect(await repo.lexicalPage(rest[1], 10)).toEqual([]);
  });

  it("reads the named servers' documents only", async () => {
    const rows = await repo.lexicalRows(["io.example/a", "io.example/missing"]);
    expect(rows.map((r) => [r.id, r.toolName])).toEqual([
      ["s:io.example/a", null],
      ["t:io.example/a:zip", "zip"],
    ]);
  });
});
