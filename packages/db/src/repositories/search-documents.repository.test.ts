import { createHarness, type Harness } from "@catalog/testing";
import { SearchDocumentsRepository, type SearchDocumentWrite } from "./search-documents.repository.js";

/** A document of `server`: its server document, or the tool `tool`'s; `text` names its content. */
function doc(server: string, tool: string | null, text = `${server} ${tool ?? ""}`): SearchDocumentWrite {
  return {
    id: tool ? `t:${server}:${tool}` : `s:${server}`,
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

describe("SearchDocumentsRepository (real PostgreSQL)", () => {
  let h: Harness;
  let repo: SearchDocumentsRepository;
  beforeAll(async () => {
    h = await createHarness();
    repo = new SearchDocumentsRepository(h.db);
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at, status)
       SELECT n, 'io.example', now(), now(), s::"ServerStatus"
       FROM unnest($1::text[], $2::text[]) AS u(n, s)`,
      [
        ["io.example/a", "io.example/b", "io.example/tools", "io.example/bare"],
        ["active", "active", "deprecated", "active"],
      ],
    );
  });
  afterAll(() => h.close());

  it("makes a batch of documents the servers' only ones, removes a server's, and counts them fresh", async () => {
    const a = [doc("io.example/a", null), doc("io.example/a", "read"), doc("io.example/a", "write")];
    const b = doc("io.example/b", null);
    await repo.syncDocuments(
      ["io.example/a", "io.example/b"],
      [...a, b].map((d) => d.id),
      [...a, b],
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
      new Map([[b.id, b.contentHash]]),
    );
    expect(await repo.refreshStatistics()).toBe(1);
  });

  it("loads servers with their tools in name order and the latest version's server.json", async () => {
    await h.db.pool.query(
      `INSERT INTO tools (server_name, name, description, input_schema, source, observed_at, definition_hash)
       SELECT 'io.example/tools', n, 'Does ' || n, '{"type":"object"}', 'probe', now(), n
       FROM unnest(ARRAY['zip', 'add']) AS n`,
    );
    await h.db.pool.query(
      `INSERT INTO server_versions (server_name, version, server_json, official_meta, status, published_at,
         updated_at, is_latest, content_hash)
       SELECT 'io.example/tools', v, json_build_object('version', v), '{}', 'active', now(), now(), v = '2.0.0', v
       FROM unnest(ARRAY['1.0.0', '2.0.0']) AS v`,
    );
    const servers = await repo.loadServers(["io.example/tools", "io.example/bare", "io.example/missing"]);
    const byName = new Map(servers.map((s) => [s.name, s]));
    expect([...byName.keys()].sort()).toEqual(["io.example/bare", "io.example/tools"]);
    expect(byName.get("io.example/tools")).toMatchObject({
      status: "deprecated",
      serverJson: { version: "2.0.0" },
      tools: [
        { name: "add", description: "Does add", inputSchema: { type: "object" } },
        { name: "zip", description: "Does zip" },
      ],
    });
    expect(byName.get("io.example/bare")).toMatchObject({ serverJson: {}, tools: [] });
  });
});
