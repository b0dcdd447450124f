import { clearQueuePrefix, testQueuePrefix, testRedisUrl } from "@catalog/testing";
import { Redis } from "ioredis";
import { CheckAllowance } from "./allowance.js";
import { requesterOf } from "./check.service.js";

describe("check allowances (on Redis)", () => {
  const redis = new Redis(testRedisUrl());
  const prefixes: string[] = [];
  const allowance = (limits: { host: number; global: number }) => {
    const prefix = testQueuePrefix();
    prefixes.push(prefix);
    // Mid-hour: no test crosses the hour the counters are kept for.
    return new CheckAllowance(redis, prefix, limits, () => Date.UTC(2026, 2, 1, 12, 30));
  };
  afterAll(async () => {
    for (const prefix of prefixes) await clearQueuePrefix(testRedisUrl(), prefix);
    redis.disconnect();
  });

  async function take(a: CheckAllowance, you: { id: string; limit: number }, host: string, times: number) {
    const scopes: string[] = [];
    for (let i = 0; i < times; i++) {
      const verdict = await a.consume(you, host);
      scopes.push(verdict.allowed ? "ok" : verdict.scope);
    }
    return scopes;
  }

  it("lets one requester take at most a third of a host's allowance, whatever its own", async () => {
    const a = allowance({ host: 30, global: 2000 });
    const heavy = { id: "account:heavy", limit: 60 };
    expect(await take(a, heavy, "mcp.example.com", 11)).toEqual([...Array(10).fill("ok"), "host"]);
    // Others still reach the host, and the heavy account other hosts.
    expect(await take(a, { id: "account:other", limit: 60 }, "mcp.example.com", 1)).toEqual(["ok"]);
    expect(await take(a, heavy, "other.example.com", 1)).toEqual(["ok"]);
    // Three requesters use up the host for everyone.
    await take(a, { id: "ip:third", limit: 10 }, "mcp.example.com", 10);
    expect(await take(a, { id: "ip:fourth", limit: 10 }, "mcp.example.com", 9)).toEqual(Array(9).fill("ok"));
    expect(await take(a, { id: "ip:fifth", limit: 10 }, "mcp.example.com", 1)).toEqual(["host"]);
  });

  it("lets anonymous requesters together take at most half of the global allowance", async () => {
    const a = allowance({ host: 100, global: 6 });
    const scopes = [];
    for (let i = 0; i < 4; i++)
      scopes.push(...(await take(a, { id: `ip:${i}`, limit: 10 }, `h${i}.example`, 1)));
    expect(scopes).toEqual(["ok", "ok", "ok", "global"]);
    const account = { id: "account:a", limit: 60 };
    expect(await take(a, account, "x.example", 4)).toEqual(["ok", "ok", "ok", "global"]);
  });

  it("refunds a grant, and a refused check counts nowhere", async () => {
    const a = allowance({ host: 1, global: 10 });
    const you = { id: "ip:refund", limit: 1 };
    const first = await a.consume(you, "mcp.example.com");
    if (!first.allowed) throw new Error("refused");
    expect(await take(a, { id: "ip:other", limit: 5 }, "mcp.example.com", 1)).toEqual(["host"]);
    expect(await take(a, you, "other.example.com", 1)).toEqual(["you"]);
    await a.refund(first.grant);
    const values = await Promise.all(first.grant.keys.map((k) => redis.get(k)));
    expect(values).toEqual(first.grant.keys.map(() => "0"));
    expect(await take(a, { id: "ip:other", limit: 5 }, "mcp.example.com", 1)).toEqual(["ok"]);
    // A refund never goes below zero.
    await a.refund(first.grant);
    await a.refund(first.grant);
    expect(await redis.get(first.grant.keys[0]!)).toBe("0");
  });
});

describe("requesters", () => {
  const limits = { anonymous: 10, account: 60 };

  it("count IPv6 clients by their /64 and IPv4-mapped addresses as IPv4", () => {
    const id = (ip: string) => requesterOf(undefined, ip, limits).id;
    expect(id("2001:db8:1:2::1")).toBe(id("2001:db8:1:2:ffff:eeee:dddd:cccc"));
    expect(id("2001:db8:1:2::1")).not.toBe(id("2001:db8:1:3::1"));
    expect(id("::ffff:203.0.113.7")).toBe(id("203.0.113.7"));
    expect(id("203.0.113.7")).not.toBe(id("203.0.113.8"));
    expect(requesterOf(undefined, "2001:db8:1:2::1", limits)).toMatchObject({
      limit: 10,
      subject: { address: "2001:db8:1:2::/64" },
    });
  });

  it("count accounts by account, whatever their address", () => {
    expect(requesterOf("acc-1", "2001:db8::1", limits, "req-1")).toEqual({
      id: "account:acc-1",
      limit: 60,
      requestId: "req-1",
      subject: { account: "acc-1" },
    });
  });
});
