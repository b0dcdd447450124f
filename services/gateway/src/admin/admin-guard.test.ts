import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { clearQueuePrefix, testQueuePrefix, testRedisUrl } from "@catalog/testing";
import express from "express";
import { Redis } from "ioredis";
import { AdminTokenThrottle, checkAdminToken, requireOperator } from "./admin-guard.js";

const TOKEN = "a-long-enough-admin-token";
const VIEWER = "a-long-enough-viewer-token";
const requireAdmin = (token: string | undefined, throttle?: AdminTokenThrottle) =>
  requireOperator({ admin: token }, ["admin"], throttle);

describe("the admin token", () => {
  it("must be at least 16 characters when configured", () => {
    expect(() => checkAdminToken("admin")).toThrow(/ADMIN_TOKEN must be at least 16 characters/);
    expect(() => requireAdmin("fifteen-chars!!")).toThrow(/at least 16/);
    expect(() => requireAdmin(undefined)).not.toThrow();
    expect(() => requireAdmin("sixteen-chars!!!")).not.toThrow();
    expect(() => requireOperator({ viewer: "short" }, ["viewer"])).toThrow(
      /QUEUE_VIEWER_TOKEN must be at least 16/,
    );
  });
});

describe("operator roles", () => {
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

  /** An admin-only path and a path either role may open, each answering the role it saw. */
  async function app(tokens: { admin?: string; viewer?: string }): Promise<string> {
    const a = express();
    const answer: express.RequestHandler = (_req, res) => {
      res.json({ role: res.locals.operatorRole });
    };
    a.get("/admin-only", requireOperator(tokens, ["admin"]), answer);
    a.get("/either", requireOperator(tokens, ["admin", "viewer"]), answer);
    const server = await new Promise<Server>((resolve) => {
      const s = a.listen(0, "127.0.0.1", () => resolve(s));
    });
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const get = async (url: string, token?: string) => {
    const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    return [res.status, (await res.json()) as Record<string, unknown>] as const;
  };

  it("names the role of the token presented, refuses a viewer on admin paths, and a wrong token", async () => {
    const url = await app({ admin: TOKEN, viewer: VIEWER });
    expect(await get(`${url}/either`, TOKEN)).toEqual([200, { role: "admin" }]);
    expect(await get(`${url}/either`, VIEWER)).toEqual([200, { role: "viewer" }]);
    expect(await get(`${url}/admin-only`, TOKEN)).toEqual([200, { role: "admin" }]);
    const [status, body] = await get(`${url}/admin-only`, VIEWER);
    expect([status, body.error]).toEqual([403, "admin_role_required"]);
    expect((await get(`${url}/either`, "wrong-token-of-some-length"))[0]).toBe(401);
    expect((await get(`${url}/either`))[0]).toBe(401);
  });

  it("hides a path whose roles have no token configured", async () => {
    const url = await app({ viewer: VIEWER });
    expect((await get(`${url}/admin-only`, VIEWER))[0]).toBe(404);
    expect(await get(`${url}/either`, VIEWER)).toEqual([200, { role: "viewer" }]);
  });
});

describe("failed admin-token attempts (on Redis, shared by replicas)", () => {
  const redis = new Redis(testRedisUrl());
  const prefix = testQueuePrefix();
  const servers: Server[] = [];
  // Connected before the first attempt, as the gateway is: until then each replica counts alone.
  beforeAll(() => redis.ping());

  /** A replica: the guard in front of a page, behind a trusted proxy that names the client. */
  async function replica(attempts = 3): Promise<string> {
    const app = express();
    app.set("trust proxy", "loopback");
    const throttle = new AdminTokenThrottle(redis, prefix, { attempts, windowSeconds: 600 });
    app.get("/admin", requireAdmin(TOKEN, throttle), (_req, res) => {
      res.json({ ok: true });
    });
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/admin`;
  }

  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    await clearQueuePrefix(testRedisUrl(), prefix);
    redis.disconnect();
  });

  const ask = (url: string, client: string, token?: string) =>
    fetch(url, {
      headers: {
        "x-forwarded-for": client,
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
    });

  it("refuses a client after its wrong tokens, on every replica, even with the right token", async () => {
    const [a, b] = [await replica(), await replica()];
    const client = "198.51.100.7";
    expect((await ask(a, client, TOKEN)).status).toBe(200);
    const statuses = [];
    for (const url of [a, b, a]) statuses.push((await ask(url, client, "guess")).status);
    expect(statuses).toEqual([401, 401, 401]);
    for (const url of [b, a]) {
      const refused = await ask(url, client, TOKEN);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
      expect(await refused.json()).toMatchObject({ error: "rate_limited" });
    }
    // Other clients are not affected; the /64 of an IPv6 client is one client.
    expect((await ask(b, "198.51.100.8", TOKEN)).status).toBe(200);
    for (const host of ["1", "2", "3"])
      expect((await ask(a, `2001:db8:7:7::${host}`, "guess")).status).toBe(401);
    expect((await ask(a, "2001:db8:7:7::99", TOKEN)).status).toBe(429);
  });

  it("bounds a burst of parallel guesses, and right tokens and missing ones are no attempts", async () => {
    const url = await replica(5);
    const client = "203.0.113.50";
    for (let i = 0; i < 10; i++) expect((await ask(url, client, TOKEN)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await ask(url, client)).status).toBe(401);
    const burst = await Promise.all(Array.from({ length: 30 }, () => ask(url, client, "guess")));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });
});
