import type { RateLimitedBody } from "@catalog/contracts";
import { createHarness, type Harness } from "@catalog/testing";
import type { Clock } from "../../services/gateway/src/time/clock.js";
import { accountWithKeys } from "../support/accounts.js";
import { serveGateway, type RunningGateway } from "../support/gateway.js";

const RATE_HEADERS = ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"];
const QUOTA_HEADERS = ["x-quota-limit", "x-quota-remaining"];

function headersOf(res: Response, names: string[]): Record<string, string | null> {
  return Object.fromEntries(names.map((n) => [n, res.headers.get(n)]));
}

describe("limits", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  async function withGateway<T>(
    settings: Record<string, string>,
    run: (g: RunningGateway) => Promise<T>,
    clock?: Clock,
  ): Promise<T> {
    const g = await serveGateway(h, () => settings, clock ? { clock } : {});
    try {
      return await run(g);
    } finally {
      await g.close();
    }
  }

  it("anonymous: 20 a minute per address, no per-address headers on cached answers, then 429 with them", () =>
    withGateway({}, async (g) => {
      for (let i = 0; i < 20; i++) {
        const res = await fetch(`${g.url}/v0.1/servers?limit=1`);
        expect(res.status).toBe(200);
        expect(res.headers.get("cache-control")).toMatch(/^public, max-age=300/);
        expect(headersOf(res, [...RATE_HEADERS, ...QUOTA_HEADERS])).toEqual(
          Object.fromEntries([...RATE_HEADERS, ...QUOTA_HEADERS].map((n) => [n, null])),
        );
      }
      const res = await fetch(`${g.url}/v0.1/servers?limit=1`);
      expect(res.status).toBe(429);
      const body = (await res.json()) as RateLimitedBody;
      expect(body).toEqual({ error: "rate_limited", retry_after: expect.any(Number), next_actions: [] });
      expect(res.headers.get("retry-after")).toBe(String(body.retry_after));
      expect(body.retry_after).toBeGreaterThan(0);
      expect(body.retry_after).toBeLessThanOrEqual(60);
      expect(headersOf(res, RATE_HEADERS)).toEqual({
        "x-ratelimit-limit": "20",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(body.retry_after),
      });
      expect(res.headers.get("cache-control")).toBe("no-store");
      // /healthz and the account pages are not API surfaces and stay reachable.
      expect((await fetch(`${g.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${g.url}/account`)).status).toBe(200);
    }));

  it("takes the client address from the socket unless the peer is a trusted proxy", async () => {
    const spoofed = (url: string, i: number) =>
      fetch(`${url}/v0.1/servers?limit=1`, { headers: { "x-forwarded-for": `198.51.100.${i}` } });
    await withGateway({ RATE_LIMIT_ANONYMOUS: "3" }, async (g) => {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await spoofed(g.url, i)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
    await withGateway({ RATE_LIMIT_ANONYMOUS: "3", TRUSTED_PROXIES: "127.0.0.1" }, async (g) => {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await spoofed(g.url, 10 + i)).status);
      expect(statuses).toEqual([200, 200, 200, 200]);
      for (let i = 0; i < 3; i++) await spoofed(g.url, 99);
      expect((await spoofed(g.url, 99)).status).toBe(429);
    });
  });

  it("keyed: the account's window and quota on every response, private, shared by all its keys", async () => {
    const { keys } = await accountWithKeys(h, "shared", 2);
    await withGateway({ ACTIVE_KEYS_PER_ACCOUNT: "2" }, async (g) => {
      const first = await fetch(`${g.url}/v0.1/servers?limit=1`, { headers: { "x-api-key": keys[0]! } });
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toBe("private, no-store");
      expect(first.headers.get("vary")).toMatch(/X-API-Key.*Authorization/);
      expect(headersOf(first, [...RATE_HEADERS, ...QUOTA_HEADERS])).toEqual({
        "x-ratelimit-limit": "60",
        "x-ratelimit-remaining": "59",
        "x-ratelimit-reset": expect.stringMatching(/^([1-9]|[1-5]\d|60)$/),
        "x-quota-limit": "5000",
        "x-quota-remaining": "4999",
      });
      // The other key of the same account draws from the same counters; errors count too.
      const second = await fetch(`${g.url}/v1/nothing-here`, {
        headers: { authorization: `Bearer ${keys[1]}` },
      });
      expect(second.status).toBe(404);
      expect(second.headers.get("cache-control")).toBe("private, no-store");
      expect(headersOf(second, ["x-ratelimit-remaining", "x-quota-remaining"])).toEqual({
        "x-ratelimit-remaining": "58",
        "x-quota-remaining": "4998",
      });
      for (let i = 3; i <= 60; i++)
        expect(
          (await fetch(`${g.url}/v0.1/servers?limit=1`, { headers: { "x-api-key": keys[i % 2]! } })).status,
        ).toBe(200);
      const refused = await fetch(`${g.url}/v0.1/servers?limit=1`, { headers: { "x-api-key": keys[0]! } });
      expect(refused.status).toBe(429);
      const body = (await refused.json()) as RateLimitedBody;
      expect(body).toMatchObject({ error: "rate_limited", retry_after: expect.any(Number) });
      expect(refused.headers.get("retry-after")).toBe(String(body.retry_after));
      expect(headersOf(refused, [...RATE_HEADERS, ...QUOTA_HEADERS])).toEqual({
        "x-ratelimit-limit": "60",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(body.retry_after),
        "x-quota-limit": "5000",
        "x-quota-remaining": "4940",
      });
      // A refused request does not use the daily quota; anonymous callers are unaffected.
      expect((await fetch(`${g.url}/v0.1/servers?limit=1`)).status).toBe(200);
    });
  });

  it("daily quota: resets at 00:00 UTC, with retry-after until then", async () => {
    let now = new Date("2026-03-01T23:59:50.000Z");
    const { keys } = await accountWithKeys(h, "nightly");
    const get = (g: RunningGateway) =>
      fetch(`${g.url}/v0.1/servers?limit=1`, { headers: { "x-api-key": keys[0]! } });
    await withGateway(
      { DAILY_QUOTA_ACCOUNT: "3" },
      async (g) => {
        const remaining = [];
        for (let i = 0; i < 3; i++) remaining.push((await get(g)).headers.get("x-quota-remaining"));
        expect(remaining).toEqual(["2", "1", "0"]);
        now = new Date("2026-03-01T23:59:58.200Z");
        const refused = await get(g);
        expect(refused.status).toBe(429);
        expect(await refused.json()).toEqual({
          error: "daily_quota_exceeded",
          retry_after: 2,
          next_actions: [],
        });
        expect(refused.headers.get("retry-after")).toBe("2");
        expect(headersOf(refused, QUOTA_HEADERS)).toEqual({ "x-quota-limit": "3", "x-quota-remaining": "0" });
        expect(refused.headers.get("x-ratelimit-remaining")).toBe("56");

        now = new Date("2026-03-02T00:00:00.000Z");
        const next = await get(g);
        expect(next.status).toBe(200);
        expect(headersOf(next, QUOTA_HEADERS)).toEqual({ "x-quota-limit": "3", "x-quota-remaining": "2" });
      },
      () => now,
    );
  });

  it("refuses malformed, unknown, revoked and ambiguous keys with 401, never serving them anonymously", async () => {
    const { keys } = await accountWithKeys(h, "revoker", 2);
    await h.db.prisma.apiKey.updateMany({
      where: { prefix: keys[1]!.slice(4, 12) },
      data: { revokedAt: new Date() },
    });
    const unknown = `svc_${"Z".repeat(43)}`;
    await withGateway({ ACTIVE_KEYS_PER_ACCOUNT: "2" }, async (g) => {
      const cases: [Record<string, string>, string][] = [
        [{ "x-api-key": "svc_tooshort" }, "malformed"],
        [{ authorization: "Bearer svc_" }, "malformed"],
        [{ "x-api-key": unknown }, "unknown or revoked"],
        [{ authorization: `Bearer ${keys[1]}` }, "unknown or revoked"],
        [{ "x-api-key": keys[0]!, authorization: `Bearer ${unknown}` }, "Two different API keys"],
      ];
      for (const [headers, reason] of cases) {
        const res = await fetch(`${g.url}/v0.1/servers?limit=1`, { headers });
        expect(res.status).toBe(401);
        expect(res.headers.get("www-authenticate")).toContain("invalid_token");
        const body = (await res.json()) as { reason: string };
        expect(body).toMatchObject({ error: "invalid_api_key", next_actions: [] });
        expect(body.reason).toContain(reason);
      }
      // A bearer token that is not one of ours is someone else's: ignored, served anonymously.
      const proxied = await fetch(`${g.url}/v0.1/servers?limit=1`, {
        headers: { authorization: "Bearer abc.def" },
      });
      expect(proxied.status).toBe(200);
      expect(proxied.headers.get("x-quota-limit")).toBeNull();
    });
  });

  it("failed keys spend the address's anonymous allowance", async () => {
    await withGateway({ RATE_LIMIT_ANONYMOUS: "3" }, async (g) => {
      const guess = () =>
        fetch(`${g.url}/v0.1/servers`, { headers: { "x-api-key": `svc_${"q".repeat(43)}` } });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await guess()).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect((await fetch(`${g.url}/v0.1/servers`)).status).toBe(429);
    });
  });

  it("RATE_LIMIT_ENABLED=false refuses nothing but still checks and counts keys", async () => {
    const { keys } = await accountWithKeys(h, "unlimited");
    await withGateway({ RATE_LIMIT_ENABLED: "false", RATE_LIMIT_ANONYMOUS: "1" }, async (g) => {
      for (let i = 0; i < 3; i++) expect((await fetch(`${g.url}/v0.1/servers?limit=1`)).status).toBe(200);
      const keyed = await fetch(`${g.url}/v0.1/servers?limit=1`, { headers: { "x-api-key": keys[0]! } });
      expect(keyed.status).toBe(200);
      expect(keyed.headers.get("cache-control")).toBe("private, no-store");
      expect(keyed.headers.get("x-ratelimit-limit")).toBeNull();
      const bad = await fetch(`${g.url}/v0.1/servers?limit=1`, { headers: { "x-api-key": "svc_bad" } });
      expect(bad.status).toBe(401);
    });
  });
});
