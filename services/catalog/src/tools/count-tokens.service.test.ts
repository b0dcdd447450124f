import { toolTokens } from "@catalog/context-cost";
import { ToolsRepository } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { CountTokensService } from "./count-tokens.service.js";

const SCHEMA = { type: "object", properties: { city: { type: "string" } } };

describe("CountTokensService (real PostgreSQL)", () => {
  let h: Harness;
  let service: CountTokensService;
  const told: string[][] = [];
  beforeAll(async () => {
    h = await createHarness();
    service = new CountTokensService(h.db.prisma, new ToolsRepository(), async (servers) => {
      told.push(servers);
    });
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at)
       VALUES ('io.example/a', 'io.example', now(), now()), ('io.example/b', 'io.example', now(), now())`,
    );
    // Written before tokens were counted: 501 tools of a (more than a batch of 500), and b with
    // one tool counted already.
    await h.db.pool.query(
      `INSERT INTO tools (server_name, name, description, input_schema, source, observed_at, definition_hash)
       SELECT 'io.example/a', 't' || lpad(i::text, 3, '0'), 'Does thing ' || i, $1::jsonb, 'probe', now(), 'h' || i
       FROM generate_series(1, 501) i`,
      [JSON.stringify(SCHEMA)],
    );
    await h.db.pool.query(
      `INSERT INTO tools (server_name, name, description, input_schema, output_schema, source, observed_at,
         definition_hash, definition_tokens)
       VALUES ('io.example/b', 'counted', '', '{}', NULL, 'probe', now(), 'hc', 7),
              ('io.example/b', 'forecast', 'Returns the forecast.', $1::jsonb, '{"type":"object"}', 'probe', now(), 'hf', NULL)`,
      [JSON.stringify(SCHEMA)],
    );
  });
  afterAll(() => h.close());

  const tokens = async (server: string, tool: string) =>
    (
      await h.db.prisma.tool.findUniqueOrThrow({
        where: { serverName_name: { serverName: server, name: tool } },
      })
    ).definitionTokens;
  const total = async (name: string) =>
    (await h.db.prisma.server.findUniqueOrThrow({ where: { name } })).toolTokens;

  it("counts every uncounted tool, batch after batch, totals each server and tells of them", async () => {
    expect(await service.countAll()).toBe(502);
    expect(told).toEqual([["io.example/a"], ["io.example/a", "io.example/b"]]);

    const first = toolTokens({
      name: "t001",
      description: "Does thing 1",
      inputSchema: SCHEMA,
      outputSchema: null,
    });
    expect(first).toBeGreaterThan(10);
    expect(await tokens("io.example/a", "t001")).toBe(first);
    const forecast = toolTokens({
      name: "forecast",
      description: "Returns the forecast.",
      inputSchema: SCHEMA,
      outputSchema: { type: "object" },
    });
    expect(await tokens("io.example/b", "forecast")).toBe(forecast);
    expect(await tokens("io.example/b", "counted")).toBe(7); // counted before: left alone
    expect(await total("io.example/b")).toBe(7 + forecast);
    const { rows } = await h.db.pool.query(
      `SELECT sum(definition_tokens)::int AS sum, count(*) FILTER (WHERE definition_tokens IS NULL)::int AS uncounted
       FROM tools WHERE server_name = 'io.example/a'`,
    );
    expect(rows[0]).toEqual({ sum: await total("io.example/a"), uncounted: 0 });
  });

  it("finds nothing left to count, and tells of no server", async () => {
    told.length = 0;
    expect(await service.countAll()).toBe(0);
    expect(told).toEqual([]);
  });
});
