import { createHarness, type Harness } from "@catalog/testing";
import { SearchVectorsRepository } from "./search-vectors.repository.js";

const MODEL = "test/model";

const vector = (...xs: number[]) => Float32Array.from(xs);

describe("SearchVectorsRepository (real PostgreSQL)", () => {
  let h: Harness;
  let repo: SearchVectorsRepository;
  beforeAll(async () => {
    h = await createHarness();
    repo = new SearchVectorsRepository(h.db);
  });
  afterAll(() => h.close());

  it("stores vectors byte for byte once per text, and keeps the first of two writers", async () => {
    await repo.saveEmbeddings(MODEL, [{ hash: "x", vector: vector(0.25, -1.5, 3e-8) }]);
    await repo.saveEmbeddings(MODEL, [
      { hash: "x", vector: vector(9, 9, 9) },
      { hash: "y", vector: vector(1, 0, 0) },
    ]);
    const stored = await repo.embeddings(MODEL, ["x", "y", "x", "missing"]);
    expect([...stored.keys()].sort()).toEqual(["x", "y"]);
    expect([...stored.get("x")!]).toEqual([...vector(0.25, -1.5, 3e-8)]);
    expect((await repo.embeddings("other/model", ["x"])).size).toBe(0);
  });

  it("pages the documents that have vectors in id order, for one server or all", async () => {
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at)
       SELECT n, 'io.example', now(), now() FROM unnest(ARRAY['io.example/a', 'io.example/b']) AS n`,
    );
    // Two documents share a text (and so its vector); one has no vector under the model.
    await h.db.pool.query(
      `INSERT INTO search_documents (id, server_name, kind, tool_name, content_hash, embed_hash)
       VALUES ('s:io.example/a', 'io.example/a', 'server', NULL, '', 'text a'),
              ('t:io.example/a:read', 'io.example/a', 'tool', 'read', '', 'text read'),
              ('t:io.example/a:same', 'io.example/a', 'tool', 'same', '', 'text b'),
              ('s:io.example/b', 'io.example/b', 'server', NULL, '', 'text b')`,
    );
    await repo.saveEmbeddings(MODEL, [
      { hash: "text a", vector: vector(1, 0) },
      { hash: "text b", vector: vector(0, 1) },
    ]);
    const page = await repo.vectorPage(MODEL, "", 2);
    expect(page.map((r) => [r.id, r.kind, r.toolName])).toEqual([
      ["s:io.example/a", "server", null],
      ["s:io.example/b", "server", null],
    ]);
    expect((await repo.vectorPage(MODEL, page[1]!.id, 2)).map((r) => r.id)).toEqual(["t:io.example/a:same"]);
    const onlyB = await repo.vectorPage(MODEL, "", 10, "io.example/b");
    expect(onlyB.map((r) => [r.id, r.serverName, [...r.vector]])).toEqual([
      ["s:io.example/b", "io.example/b", [0, 1]],
    ]);
  });
});
