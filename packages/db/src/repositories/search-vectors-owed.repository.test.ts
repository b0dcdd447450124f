import { createHarness, type Harness } from "@catalog/testing";
import { SearchVectorsOwedRepository } from "./search-vectors-owed.repository.js";

const MODEL = "test/model";

describe("SearchVectorsOwedRepository (real PostgreSQL)", () => {
  let h: Harness;
  let repo: SearchVectorsOwedRepository;
  const embed = (hash: string, model = MODEL) =>
    h.db.pool.query(
      "INSERT INTO embeddings (model, content_hash, dims, vector) VALUES ($1, $2, 1, '\\x0000803f')",
      [model, hash],
    );
  beforeAll(async () => {
    h = await createHarness();
    repo = new SearchVectorsOwedRepository(h.db);
  });
  afterAll(() => h.close());

  it("says which servers are owed which texts' vectors, a page at a time, and counts the texts", async () => {
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at)
       SELECT n, 'io.example', now(), now() FROM unnest(ARRAY['io.example/a', 'io.example/b', 'io.example/c']) AS n`,
    );
    // a and b share a text; a's tool has no text to embed; c's text has a vector already.
    await h.db.pool.query(
      `INSERT INTO search_documents (id, server_name, kind, content_hash, embed_hash)
       VALUES ('s:io.example/a', 'io.example/a', 'server', '', 'text a'),
              ('t:io.example/a:same', 'io.example/a', 'tool', '', 'shared text'),
              ('t:io.example/a:blank', 'io.example/a', 'tool', '', ''),
              ('s:io.example/b', 'io.example/b', 'server', '', 'text b'),
              ('t:io.example/b:same', 'io.example/b', 'tool', '', 'shared text'),
              ('s:io.example/c', 'io.example/c', 'server', '', 'text c')`,
    );
    await embed("text c");
    await embed("text a", "other/model");
    expect(await repo.countUnembedded(MODEL)).toBe(3); // a, b and the text they share
    const first = await repo.unembeddedServers(MODEL, "", 1);
    expect(first).toEqual([{ name: "io.example/a", embedHashes: ["shared text", "text a"] }]);
    expect(await repo.unembeddedServers(MODEL, first[0]!.name, 10)).toEqual([
      { name: "io.example/b", embedHashes: ["shared text", "text b"] },
    ]);
    await embed("shared text");
    expect(await repo.countUnembedded(MODEL)).toBe(2);
  });
});
