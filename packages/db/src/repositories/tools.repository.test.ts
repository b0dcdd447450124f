import { createHarness, type Harness } from "@catalog/testing";
import type { Tx } from "./catalog.repository.js";
import { ToolsRepository, type ToolWrite } from "./tools.repository.js";

const NAME = "io.example/weather";
const T1 = new Date("2026-01-01T00:00:00Z");
const T2 = new Date("2026-01-02T00:00:00Z");

function tool(name: string, tokens: number | null, changes: Partial<ToolWrite> = {}): ToolWrite {
  return {
    name,
    title: null,
    description: `Does ${name}`,
    inputSchema: { type: "object", properties: { q: { type: "string" } } },
    outputSchema: null,
    annotations: { readOnlyHint: true },
    definitionHash: `hash ${name}`,
    definitionTokens: tokens,
    ...changes,
  };
}

describe("ToolsRepository (real PostgreSQL)", () => {
  let h: Harness;
  const repo = new ToolsRepository();
  const inTx = <T>(fn: (tx: Tx) => Promise<T>) => h.db.prisma.$transaction(fn);
  const server = (name: string) =>
    h.db.prisma.server.findUniqueOrThrow({ where: { name }, select: { toolCount: true, toolTokens: true } });
  beforeAll(async () => {
    h = await createHarness();
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at)
       SELECT n, 'io.example', now(), now() FROM unnest(ARRAY[$1, 'io.example/count-1', 'io.example/count-2']) AS n`,
      [NAME],
    );
  });
  afterAll(() => h.close());

  it("replaces the current tools with each observation, appends its changes and totals the server", async () => {
    await inTx((tx) =>
      repo.record(
        tx,
        NAME,
        { source: "probe", observedAt: T1, listHash: "list 1" },
        [tool("b", 5), tool("a", 3, { inputSchema: null, annotations: null })],
        [
          { tool: "a", kind: "added", fields: [], hashBefore: null, hashAfter: "hash a" },
          { tool: "b", kind: "added", fields: [], hashBefore: null, hashAfter: "hash b" },
        ],
      ),
    );
    expect(await server(NAME)).toEqual({ toolCount: 2, toolTokens: 8 });
    const first = await inTx((tx) => repo.current(tx, NAME));
    expect(first.map((t) => t.name)).toEqual(["a", "b"]);
    expect(first[0]).toMatchObject({ inputSchema: { type: "object" }, annotations: {}, definitionTokens: 3 });

    // U+0000 from a probed server is stored, replaced, rather than failing the write.
    await inTx((tx) =>
      repo.record(
        tx,
        NAME,
        { source: "check", observedAt: T2, listHash: "list 2" },
        [tool("a", null), tool("c", 4, { description: "nul \u0000 here" })],
        [{ tool: "b", kind: "removed", fields: [], hashBefore: "hash b", hashAfter: null }],
      ),
    );
    const second = await inTx((tx) => repo.current(tx, NAME));
    expect(second.map((t) => [t.name, t.description])).toEqual([
      ["a", "Does a"],
      ["c", "nul \uFFFD here"],
    ]);
    expect(await server(NAME)).toEqual({ toolCount: 2, toolTokens: null }); // "a" is not counted
    expect(await inTx((tx) => repo.lastObservation(tx, NAME))).toEqual({
      listHash: "list 2",
      observedAt: T2,
    });
    expect(await h.db.prisma.toolChange.count({ where: { serverName: NAME } })).toBe(3);
    expect(await inTx((tx) => repo.lastObservation(tx, "io.example/count-1"))).toBeNull();
  });

  it("marks a repeated observation on the current tools without a new observation", async () => {
    const T3 = new Date("2026-01-03T00:00:00Z");
    await inTx((tx) => repo.touch(tx, NAME, "import", T3));
    const rows = await h.db.prisma.tool.findMany({
      where: { serverName: NAME },
      select: { source: true, observedAt: true },
    });
    expect(rows).toEqual([
      { source: "import", observedAt: T3 },
      { source: "import", observedAt: T3 },
    ]);
    expect((await inTx((tx) => repo.lastObservation(tx, NAME)))?.listHash).toBe("list 2");
  });

  it("counts tokens only of tools still as counted, and totals a server once every tool is counted", async () => {
    await h.db.pool.query(
      `INSERT INTO tools (server_name, name, input_schema, source, observed_at, definition_hash)
       VALUES ('io.example/count-1', 'y', '{}', 'probe', now(), 'hash y'),
              ('io.example/count-1', 'x', '{}', 'probe', now(), 'hash x'),
              ('io.example/count-2', 'z', '{}', 'probe', now(), 'hash z')`,
    );
    const uncounted = await inTx((tx) => repo.uncounted(tx, 2));
    expect(uncounted.map((t) => [t.serverName, t.name])).toEqual([
      ["io.example/count-1", "x"],
      ["io.example/count-1", "y"],
    ]);
    const count = (
      name: string,
      definitionHash: string,
      tokens: number,
      serverName = "io.example/count-1",
    ) => ({
      serverName,
      name,
      definitionHash,
      tokens,
    });
    // y changed since it was read for counting.
    const touched = await inTx((tx) =>
      repo.setTokens(tx, [
        count("x", "hash x", 3),
        count("y", "stale", 4),
        count("z", "hash z", 7, "io.example/count-2"),
      ]),
    );
    expect(touched).toEqual(["io.example/count-1", "io.example/count-2"]);
    expect(await server("io.example/count-1")).toMatchObject({ toolTokens: null });
    expect(await server("io.example/count-2")).toMatchObject({ toolTokens: 7 });

    // A second count of x is not taken.
    await inTx((tx) => repo.setTokens(tx, [count("x", "hash x", 99), count("y", "hash y", 4)]));
    expect(await server("io.example/count-1")).toMatchObject({ toolTokens: 7 });
  });
});
