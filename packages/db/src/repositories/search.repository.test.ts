import { createHarness, type Harness } from "@catalog/testing";
import { SearchRepository, type SearchDocumentWrite } from "./search.repository.js";

const MODEL = "test/model";

/** A document of `server`: its server document, or the tool `tool`'s; `text` names what is embedded. */
function doc(server: string, tool: string | null, text = `${server} ${tool ?? ""}`): SearchDocumentWrite {
  return {
    id: tool ? `t:${server}/${tool}` : `s:${server}`,
    serverName: server,
    kind: tool ? "tool" : "server",
    toolName: tool,
    title: tool ?? server,
    body: `About ${text}`,
    identifiers: tool ?? server,
    params: "",
    transports: tool ? [] : ["streamable-http"],
    contentHash: `content ${text}`,
    embedHash: `embed ${text}`,
  };
}

const vector = (...xs: number[]) => Float32Array.from(xs);

describe("SearchRepository (real PostgreSQL)", () => {
  let h: Harness;
  let repo: SearchRepository;
  beforeEach(async () => {
    h = await createHarness();
    repo = new SearchRepository(h.db);
    for (const name of ["io.example/a", "io.example/b", "io.example/c"])
      await h.db.pool.query(
        "INSERT INTO servers (name, namespace, first_published_at, updated_at) VALUES ($1, 'io.example', now(), now())",
        [name],
      );
  });
  afterEach(() => h.close());

  it("makes a batch of documents the servers' only ones, and removes a server's", async () => {
    const a = [doc("io.example/a", null), doc("io.example/a", "read"), doc("io.example/a", "write")];
    await repo.syncDocuments(
      ["io.example/a", "io.example/b"],
      [...a, doc("io.example/b", null)].map((d) => d.id),
      [...a, doc("io.example/b", null)],
    );
    // The tool "write" is gone and "read" changed: one statement writes one and drops the other.
    const read = doc("io.example/a", "read", "read again");
    await repo.syncDocuments(["io.example/a"], [a[0]!.id, read.id], [read]);
    expect(await repo.documentHashes(["io.example/a"])).toEqual(
      new Map([
        [a[0]!.id, a[0]!.contentHash],
        [read.id, "content read again"],
      ]),
    );
    await repo.removeServers(["io.example/a"]);
    expect(await repo.documentHashes(["io.example/a", "io.example/b"])).toEqual(
      new Map([["s:io.example/b", "content io.example/b "]]),
    );
    expect(await repo.count()).toBe(1);
  });

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

  it("says which servers are owed which texts' vectors, a page at a time, and counts the texts", async () => {
    const docs = [
      doc("io.example/a", null),
      doc("io.example/a", "same", "shared text"),
      doc("io.example/b", null),
      doc("io.example/b", "same", "shared text"),
      doc("io.example/c", null),
    ];
    await repo.syncDocuments(
      ["io.example/a", "io.example/b", "io.example/c"],
      docs.map((d) => d.id),
      docs,
    );
    await repo.saveEmbeddings(MODEL, [{ hash: "embed io.example/c ", vector: vector(1, 0) }]);
    expect(await repo.countUnembedded(MODEL)).toBe(3); // a, b and the text they share
    const first = await repo.unembeddedServers(MODEL, "", 1);
    expect(first).toEqual([
      { name: "io.example/a", embedHashes: ["embed io.example/a ", "embed shared text"] },
    ]);
    expect(await repo.unembeddedServers(MODEL, first[0]!.name, 10)).toEqual([
      { name: "io.example/b", embedHashes: ["embed io.example/b ", "embed shared text"] },
    ]);
    await repo.saveEmbeddings(MODEL, [{ hash: "embed shared text", vector: vector(0, 1) }]);
    expect(await repo.countUnembedded(MODEL)).toBe(2);
  });

  it("pages the documents that have vectors in id order, for one server or all", async () => {
    const docs = [doc("io.example/a", null), doc("io.example/a", "read"), doc("io.example/b", null)];
    await repo.syncDocuments(
      ["io.example/a", "io.example/b"],
      docs.map((d) => d.id),
      docs,
    );
    await repo.saveEmbeddings(
      MODEL,
      docs.map((d, i) => ({ hash: d.embedHash, vector: vector(i, 1) })),
    );
    const page = await repo.vectorPage(MODEL, "", 2);
    expect(page.map((r) => [r.id, r.kind, r.toolName])).toEqual([
      ["s:io.example/a", "server", null],
      ["s:io.example/b", "server", null],
    ]);
    expect((await repo.vectorPage(MODEL, page[1]!.id, 2)).map((r) => r.id)).toEqual(["t:io.example/a/read"]);
    const onlyB = await repo.vectorPage(MODEL, "", 10, "io.example/b");
    expect(onlyB.map((r) => [r.id, [...r.vector]])).toEqual([["s:io.example/b", [2, 1]]]);
  });
});
