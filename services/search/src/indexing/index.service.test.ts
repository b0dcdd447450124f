import { SearchIndexStateRepository, SearchRepository } from "@catalog/db";
import type { EmbeddingProvider } from "@catalog/embeddings";
import { createHarness, type Harness } from "@catalog/testing";
import { MemoryVectorIndex } from "../vectors/memory.index.js";
import { IndexService, type OwedEmbeddings } from "./index.service.js";
import { VectorSync } from "./vector-sync.js";

const WEATHER = "io.example/weather";
const MAPS = "io.example/maps";

/** Stands in for an embedding model: a fixed unit vector per text. */
const model: EmbeddingProvider = {
  model: "test/model",
  dimensions: 2,
  embed: async (texts) => texts.map(() => Float32Array.of(1, 0)),
};

describe("IndexService (real PostgreSQL)", () => {
  let h: Harness;
  let repo: SearchRepository;
  let vectors: VectorSync | undefined;
  let service: IndexService;
  const announced: string[][] = [];
  const owed: OwedEmbeddings[] = [];
  beforeAll(async () => {
    h = await createHarness();
    repo = new SearchRepository(h.db);
    service = new IndexService(
      repo,
      new SearchIndexStateRepository(h.db.prisma),
      () => vectors,
      async (names) => void announced.push([...names]),
      async (map) => void owed.push(map),
    );
  });
  afterAll(() => h.close());

  /** A catalog server with its latest server.json and `tools` (name and description). */
  async function server(name: string, tools: [string, string][]) {
    const at = new Date("2026-01-01T00:00:00Z");
    const remotes = [{ type: "streamable-http", url: `https://${name.split("/")[1]}.example.com/mcp` }];
    await h.db.prisma.server.create({
      data: {
        name,
        namespace: "io.example",
        title: "Forecast",
        description: "Weather forecasts for any city.",
        firstPublishedAt: at,
        updatedAt: at,
        versions: {
          create: {
            version: "1.0.0",
            serverJson: { name, version: "1.0.0", remotes },
            officialMeta: {},
            status: "active",
            publishedAt: at,
            updatedAt: at,
            isLatest: true,
            contentHash: "hash",
          },
        },
        tools: {
          create: tools.map(([tool, description]) => ({
            name: tool,
            description,
            inputSchema: { type: "object", properties: { city: { type: "string" } } },
            source: "import",
            observedAt: at,
            definitionHash: tool,
          })),
        },
      },
    });
  }
  const documents = async (serverName: string) =>
    (
      await h.db.pool.query(
        "SELECT id, kind, transports, embed_hash FROM search_documents WHERE server_name = $1 ORDER BY id",
        [serverName],
      )
    ).rows as { id: string; kind: string; transports: string[]; embed_hash: string }[];
  const indexedState = async (name: string) =>
    (await h.db.pool.query("SELECT modified_at FROM search_index_state WHERE server_name = $1", [name])).rows;

  it("writes a server's documents, one for it and one per tool, and records the state it indexed", async () => {
    await server(WEATHER, [
      ["get_forecast", "Returns the forecast for a city."],
      ["list_cities", "Lists the cities with forecasts."],
    ]);
    expect(await service.indexServer(WEATHER)).toEqual({ documents: 3, changed: 3 });
    expect((await documents(WEATHER)).map((d) => [d.id, d.kind, d.transports])).toEqual([
      [`s:${WEATHER}`, "server", ["streamable-http"]],
      [`t:${WEATHER}:get_forecast`, "tool", []],
      [`t:${WEATHER}:list_cities`, "tool", []],
    ]);
    const { modifiedAt } = await h.db.prisma.server.findUniqueOrThrow({ where: { name: WEATHER } });
    expect(await indexedState(WEATHER)).toEqual([{ modified_at: modifiedAt }]);
    expect(announced).toEqual([[WEATHER]]);
    expect(owed).toEqual([]); // no model loaded: nothing owed yet
  });

  it("rewrites only the documents whose text changed, and removes those of tools gone", async () => {
    expect(await service.indexServer(WEATHER)).toEqual({ documents: 3, changed: 0 });
    await h.db.prisma.tool.update({
      where: { serverName_name: { serverName: WEATHER, name: "list_cities" } },
      data: { description: "Lists every city that has a forecast." },
    });
    expect(await service.indexServer(WEATHER)).toEqual({ documents: 3, changed: 1 });
    await h.db.prisma.tool.delete({
      where: { serverName_name: { serverName: WEATHER, name: "get_forecast" } },
    });
    expect(await service.indexServer(WEATHER)).toEqual({ documents: 2, changed: 0 });
    expect((await documents(WEATHER)).map((d) => d.id)).toEqual([`s:${WEATHER}`, `t:${WEATHER}:list_cities`]);
  });

  it("removes what is indexed of a deleted or unknown server, and announces each name once", async () => {
    await h.db.prisma.server.update({ where: { name: WEATHER }, data: { status: "deleted" } });
    announced.length = 0;
    const outcomes = await service.indexServers([WEATHER, "io.example/none", WEATHER]);
    expect(Object.fromEntries(outcomes)).toEqual({
      [WEATHER]: { documents: 0, changed: 0 },
      "io.example/none": { documents: 0, changed: 0 },
    });
    expect(await documents(WEATHER)).toEqual([]);
    expect(await indexedState(WEATHER)).toEqual([]);
    expect(announced).toEqual([[WEATHER, "io.example/none"]]);
  });

  it("places the vectors stored for a server's texts and hands over the texts that have none", async () => {
    await expect(service.embedServers([MAPS])).rejects.toThrow("embedding model not loaded");
    const index = new MemoryVectorIndex(2, { exactMax: 1000 });
    vectors = new VectorSync(repo, model, index, false);
    await server(MAPS, [["find_place", "Finds a place on the map."]]);
    await service.indexServer(MAPS);
    const hashes = (await documents(MAPS)).map((d) => d.embed_hash).sort();
    expect(owed).toEqual([new Map([[MAPS, hashes]])]);
    expect([await index.count("server"), await index.count("tool")]).toEqual([0, 0]);

    expect(await service.embedServers([MAPS, MAPS])).toBe(2);
    expect([await index.count("server"), await index.count("tool")]).toEqual([1, 1]);
    owed.length = 0;
    await index.replaceServer(MAPS, []); // a replica that lost them: placed again from storage
    expect(await service.indexServer(MAPS)).toEqual({ documents: 2, changed: 0 });
    expect(owed).toEqual([]);
    expect([await index.count("server"), await index.count("tool")]).toEqual([1, 1]);
    expect(await service.embedServers([MAPS])).toBe(0);
  });

  it("refreshes the documents' statistics once 1,000 were written", async () => {
    vectors = undefined;
    const vacuums = async () =>
      (
        await h.db.pool.query(
          "SELECT vacuum_count FROM pg_stat_user_tables WHERE relname = 'search_documents'",
        )
      ).rows[0].vacuum_count as string;
    expect(await vacuums()).toBe("0");
    await server("io.example/big", []);
    await h.db.pool.query(
      `INSERT INTO tools (server_name, name, description, input_schema, source, observed_at, definition_hash)
       SELECT 'io.example/big', 'tool_' || i, 'Does thing ' || i, '{"type":"object"}', 'import', now(), i::text
       FROM generate_series(1, 999) i`,
    );
    expect(await service.indexServer("io.example/big")).toEqual({ documents: 1000, changed: 1000 });
    expect(await vacuums()).toBe("1");
  });
});
