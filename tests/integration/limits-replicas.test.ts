import { createHarness, type Harness } from "@catalog/testing";
import { accountWithKeys } from "../support/accounts.js";
import { spawnGateway, type GatewayProcess } from "../support/gateway-process.js";

describe("limits across two gateway processes sharing Redis", () => {
  let h: Harness;
  const replicas: GatewayProcess[] = [];

  beforeAll(async () => {
    h = await createHarness();
    for (let i = 0; i < 2; i++) replicas.push(await spawnGateway(h.env));
  });
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    await h.close();
  });

  const get = (replica: GatewayProcess, headers: Record<string, string> = {}) =>
    fetch(`${replica.url}/v0.1/servers?limit=1`, { headers });

  it.each([0, 1])("the 21st anonymous request in a minute is 429 when replica %i serves it", async (last) => {
    // Every request comes from 127.0.0.1: each case starts from an empty counter for it.
    await h.bus.redis().del(`${h.prefix}:limits:ip:127.0.0.1`);
    for (let i = 0; i < 20; i++) expect((await get(replicas[i % 2]!)).status).toBe(200);
    const refused = await get(replicas[last]!);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-ratelimit-limit")).toBe("20");
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await get(replicas[1 - last]!)).status).toBe(429);
  });

  it("an account's 60 a minute are shared by both replicas", async () => {
    const { keys } = await accountWithKeys(h, "replicated");
    const headers = { "x-api-key": keys[0]! };
    const remaining: string[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await get(replicas[i % 2]!, headers);
      expect(res.status).toBe(200);
      remaining.push(res.headers.get("x-ratelimit-remaining")!);
    }
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => String(59 - i)));
    for (const replica of replicas) {
      const res = await get(replica, headers);
      expect(res.status).toBe(429);
      expect(res.headers.get("x-quota-remaining")).toBe("4940");
    }
  });
});
