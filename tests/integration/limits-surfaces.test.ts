import type { RateLimitedBody } from "@catalog/contracts";
import { createHarness, type Harness } from "@catalog/testing";
import { accountWithKeys } from "../support/accounts.js";
import { serveGateway, type RunningGateway } from "../support/gateway.js";
import { startGateway } from "../support/read-api.js";

const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const call = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list", params: {} });

function rpc(g: RunningGateway, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${g.url}/mcp`, {
    method: "POST",
    headers: { ...MCP_HEADERS, ...headers },
    body: JSON.stringify(body),
  });
}

describe("limits on every surface", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  async function withGateway<T>(settings: Record<string, string>, run: (g: RunningGateway) => Promise<T>) {
    const g = await serveGateway(h, () => settings);
    try {
      return await run(g);
    } finally {
      await g.close();
    }
  }

  it("counts reads of a check and the check page against the anonymous limit", () =>
    withGateway({ RATE_LIMIT_ANONYMOUS: "4" }, async (g) => {
      const statuses = [];
      for (const path of ["/v1/check/", "/check/", "/v1/check/", "/check/", "/check/", "/v1/check/"])
        statuses.push((await fetch(`${g.url}${path}AAAAAAAAAAAAAAAAAAAAAA`)).status);
      expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
      const refused = await fetch(`${g.url}/check/AAAAAAAAAAAAAAAAAAAAAA`);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.headers.get("x-ratelimit-limit")).toBe("4");
    }));

  it("counts every message of a JSON-RPC batch against the anonymous limit", () =>
    withGateway({ RATE_LIMIT_ANONYMOUS: "5" }, async (g) => {
      const four = await rpc(g, [call(1), call(2), call(3), call(4)]);
      expect(four.status).toBe(200);
      expect(((await four.json()) as { id: number }[]).map((r) => r.id).sort()).toEqual([1, 2, 3, 4]);
      // One left in the window: the request is admitted, its second message is not.
      const two = await rpc(g, [call(5), call(6)]);
      expect(two.status).toBe(429);
      const body = (await two.json()) as RateLimitedBody;
      expect(body).toEqual({ error: "rate_limited", retry_after: expect.any(Number), next_actions: [] });
      expect(two.headers.get("retry-after")).toBe(String(body.retry_after));
      expect(two.headers.get("x-ratelimit-remaining")).toBe("0");
      expect((await rpc(g, call(7))).status).toBe(429);
    }));

  it("refuses a batch of a hundred calls from one anonymous request", () =>
    withGateway({}, async (g) => {
      const batch = await rpc(
        g,
        Array.from({ length: 100 }, (_, i) => call(i)),
      );
      expect(batch.status).toBe(429);
      expect((await batch.text()).length).toBeLessThan(1000);
    }));

  it("counts every message of a keyed batch against the account's window and daily quota", async () => {
    const { keys } = await accountWithKeys(h, "batcher");
    await withGateway({}, async (g) => {
      const headers = { "x-api-key": keys[0]! };
      const batch = await rpc(g, [call(1), call(2), call(3)], headers);
      expect(batch.status).toBe(200);
      expect(await batch.json()).toHaveLength(3);
      const next = await rpc(g, call(4), headers);
      expect(next.headers.get("x-ratelimit-remaining")).toBe("56");
      expect(next.headers.get("x-quota-remaining")).toBe("4996");
    });
  });

  it("throttles wrong admin tokens per client, and a short admin token stops the start", async () => {
    const token = "an-admin-token-long-enough";
    await withGateway({ ADMIN_TOKEN: token }, async (g) => {
      const admin = (bearer: string) =>
        fetch(`${g.url}/admin/blocklist`, { headers: { authorization: `Bearer ${bearer}` } });
      expect((await admin(token)).status).toBe(200);
      const statuses = [];
      for (let i = 0; i < 11; i++) statuses.push((await admin(`guess-${i}`)).status);
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
      const refused = await admin(token);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(
        (await fetch(`${g.url}/admin/queues`, { headers: { authorization: `Bearer ${token}` } })).status,
      ).toBe(429);
    });
    await expect(startGateway(h, { ADMIN_TOKEN: "too-short" })).rejects.toThrow(/at least 16 characters/);
  });
});
