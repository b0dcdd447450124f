import { createHarness, type Harness } from "@catalog/testing";
import { accountWithKeys } from "../support/accounts.js";
import { usageService } from "../../services/gateway/src/app.js";
import { serveGateway, type RunningGateway } from "../support/gateway.js";

describe("usage counters", () => {
  let h: Harness;
  let g: RunningGateway;
  let now = new Date("2026-05-10T23:59:58.000Z");

  beforeAll(async () => {
    h = await createHarness();
    g = await serveGateway(h, () => ({}), { clock: () => now });
  });
  afterAll(async () => {
    await g.close();
    await h.close();
  });

  const stored = async (accountId: string) =>
    (
      await h.db.pool.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, operation, count FROM usage_counters
         WHERE account_id = $1 ORDER BY day, operation`,
        [accountId],
      )
    ).rows;

  it("counts every keyed request per UTC day and operation, and flushes totals without double counting", async () => {
    const { accountId, keys } = await accountWithKeys(h, "counted");
    const call = (path: string, method = "GET") =>
      fetch(`${g.url}${path}`, { method, headers: { "x-api-key": keys[0]! } });
    await call("/v0.1/servers?limit=1");
    await call("/v0.1/servers/io.github.x%2Fy/versions");
    await call("/v1/search?q=files");
    await call("/v1/servers/io.github.x/y/tools");
    await call("/mcp", "POST");
    await call("/v1/categories");
    await fetch(`${g.url}/v0.1/servers?limit=1`); // anonymous: not counted for anyone
    now = new Date("2026-05-11T00:00:01.000Z");
    await call("/v1/servers/io.github.x/y/quality");

    // Before any flush the account page already sees the running totals.
    const live = await g.usage.lastDays(accountId, 2);
    expect(live.map((d) => [d.day, d.total])).toEqual([
      ["2026-05-10", 6],
      ["2026-05-11", 1],
    ]);
    expect(live[0]!.counts).toMatchObject({
      registry: 2,
      search: 1,
      list_tools: 1,
      mcp: 1,
      other: 1,
      quality: 0,
    });

    // Two replicas flushing at once write the same totals: nothing is counted twice.
    const replica = usageService(g.deps);
    await Promise.all([g.usage.flush(), replica.flush()]);
    await g.usage.flush();
    const expected = [
      { day: "2026-05-10", operation: "list_tools", count: 1 },
      { day: "2026-05-10", operation: "mcp", count: 1 },
      { day: "2026-05-10", operation: "other", count: 1 },
      { day: "2026-05-10", operation: "registry", count: 2 },
      { day: "2026-05-10", operation: "search", count: 1 },
      { day: "2026-05-11", operation: "quality", count: 1 },
    ];
    expect(await stored(accountId)).toEqual(expected);
    expect(await h.bus.redis().zcard(`${h.prefix}:usage:dirty`)).toBe(0);

    await call("/v1/servers/io.github.x/y/quality");
    await g.usage.flush();
    expect((await stored(accountId)).at(-1)).toEqual({ day: "2026-05-11", operation: "quality", count: 2 });

    const key = await h.db.prisma.apiKey.findFirstOrThrow({ where: { accountId } });
    expect(key.lastUsedAt?.toISOString()).toBe("2026-05-11T00:00:01.000Z");
  });

  it("counts every message of a JSON-RPC batch, as the quota does", async () => {
    const { accountId, keys } = await accountWithKeys(h, "batched");
    const batch = Array.from({ length: 4 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "tools/list" }));
    const res = await fetch(`${g.url}/mcp`, {
      method: "POST",
      headers: {
        "x-api-key": keys[0]!,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify(batch),
    });
    expect(res.status).toBe(200);
    expect((await g.usage.lastDays(accountId, 1))[0]!.counts).toMatchObject({ mcp: 4 });
  });
});
