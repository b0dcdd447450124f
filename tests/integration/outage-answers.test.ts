import { Database } from "@catalog/db";
import { createHarness, unusedPort, type Harness } from "@catalog/testing";
import { serveGateway, type RunningGateway } from "../support/gateway.js";

/**
 * A gateway whose PostgreSQL is away answers 503 service_unavailable with retry-after, over
 * REST and MCP alike: the client is told to wait, not that the service is broken (500).
 */
let h: Harness;
let gateway: RunningGateway;
let down: Database;

beforeAll(async () => {
  h = await createHarness();
  down = new Database({ url: `postgresql://postgres@127.0.0.1:${await unusedPort()}/catalog` });
  gateway = await serveGateway(h, () => ({}), { db: down });
});

afterAll(async () => {
  await gateway.close();
  await down.close();
  await h.close();
});

type ErrorReply = { error: string; retry_after: number; request_id: string; next_actions: unknown[] };

async function expectUnavailable(res: Response): Promise<void> {
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toBe("5");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(await res.json()).toEqual<ErrorReply>({
    error: "service_unavailable",
    retry_after: 5,
    request_id: expect.any(String),
    next_actions: [],
  });
}

describe("answers while PostgreSQL is away", () => {
  it.each([
    "/v1/servers/io.github.acme%2Fweather",
    "/v1/servers/io.github.acme%2Fweather/tools",
    "/v1/servers/io.github.acme%2Fweather/connection",
    "/v0.1/servers?limit=3",
  ])("GET %s is 503 service_unavailable with retry-after", async (path) => {
    await expectUnavailable(await fetch(`${gateway.url}${path}`));
  });

  it("POST /v1/check is 503 service_unavailable, and spends nothing", async () => {
    const res = await fetch(`${gateway.url}/v1/check`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "https://mcp.example.com/mcp" }),
    });
    await expectUnavailable(res);
    const keys = await h.bus.redis().keys(`${gateway.config.QUEUE_PREFIX}:check-*`);
    const counters = await Promise.all(keys.map((k) => h.bus.redis().get(k)));
    expect(counters.filter((v) => v !== null && /^\d+$/.test(v) && Number(v) > 0)).toEqual([]);
  });

  it("a tool call over MCP is an error result service_unavailable with retry_after", async () => {
    const res = await fetch(`${gateway.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "get_server", arguments: { name: "io.github.acme/weather" } },
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { isError: boolean; structuredContent: ErrorReply } };
    expect(body.result.isError).toBe(true);
    expect(body.result.structuredContent).toMatchObject({ error: "service_unavailable", retry_after: 5 });
  });
});
