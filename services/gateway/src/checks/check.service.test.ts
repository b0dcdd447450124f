import { DAY_MS, type CheckBody, type CheckResult } from "@catalog/contracts";
import { ChecksRepository, ProbesRepository } from "@catalog/db";
import { JobBus, redisKeys, requestIdOf } from "@catalog/queue";
import { createHarness, type Harness } from "@catalog/testing";
import { okProbe } from "@catalog/testing/mcp";
import type { Resolver } from "@catalog/url-policy";
import { Redis } from "ioredis";
import { randomBytes } from "node:crypto";
import type { Outcome } from "../http/outcome.js";
import { CheckAllowance, type CheckScope } from "./allowance.js";
import { CheckWaiter } from "./check-waiter.js";
import { CheckService, requesterOf, type Requester } from "./check.service.js";

const BASE_URL = "https://catalog.example";
const REPEAT_WINDOW_MS = 300_000;

/** DNS stand-in: `private.example` leads to a private address, `*.public.example` to a public one. */
const resolver: Resolver = async (hostname) => {
  if (hostname === "private.example") return [{ address: "10.0.0.1", family: 4 }];
  if (hostname.endsWith(".public.example")) return [{ address: "93.184.216.34", family: 4 }];
  throw Object.assign(new Error(`${hostname} not found`), { code: "ENOTFOUND" });
};

const body = (outcome: Outcome<CheckBody>): CheckBody => {
  if (!outcome.ok) throw new Error(`expected a check, got ${outcome.status} ${outcome.error}`);
  return outcome.body;
};

describe("CheckService (real PostgreSQL and Redis)", () => {
  let h: Harness;
  let checks: ChecksRepository;
  let service: CheckService;
  const refused: CheckScope[] = [];
  let requesters = 0;
  /** A requester of its own, so that no test spends another's allowance. */
  const requester = (limit = 10, requestId?: string): Requester =>
    requesterOf(undefined, `192.0.2.${++requesters}`, { anonymous: limit, account: 60 }, requestId);
  const claimKey = (url: string) => redisKeys(h.prefix).checkClaim(url);
  function checkService(bus: JobBus = h.bus): CheckService {
    const redis = h.bus.redis();
    return new CheckService(
      checks,
      new ProbesRepository(h.db.prisma),
      new CheckAllowance(redis, h.prefix, { host: 30, global: 2000 }),
      new CheckWaiter(h.bus.events("prober")),
      redis,
      bus,
      {
        baseUrl: BASE_URL,
        policy: { testMode: false },
        resolver,
        repeatWindowMs: REPEAT_WINDOW_MS,
        retentionDays: 30,
        prefix: h.prefix,
        onQuotaExceeded: (scope) => refused.push(scope),
      },
    );
  }
  /** A check row written by someone else (another request, an earlier one). */
  async function existingCheck(url: string, status: "queued" | "done" = "queued"): Promise<string> {
    const id = randomBytes(16).toString("base64url");
    await checks.create({
      id,
      url,
      normalizedUrl: url,
      host: new URL(url).hostname,
      serverName: null,
      requester: "ip:someone",
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    if (status === "done") await checks.finish(id, result(url), new Date());
    return id;
  }
  const result = (url: string): CheckResult => ({
    probe: okProbe({ url, final_url: url }),
    quality: { score: null, label: "unrated", checks: [], assessed_at: new Date().toISOString() },
    readiness: [],
  });
  const rows = () => h.db.prisma.check.count();

  beforeAll(async () => {
    h = await createHarness();
    checks = new ChecksRepository(h.db.prisma);
    service = checkService();
  });
  afterAll(() => h.close());

  it("refuses a URL the policy refuses, with the reason, and claims or writes nothing", async () => {
    const before = await rows();
    const reasons = [];
    for (const url of [
      "ftp://files.public.example/",
      "http://a.public.example/mcp",
      "https://private.example/mcp",
    ]) {
      const outcome = await service.check({ url }, requester(), 0);
      if (outcome.ok) throw new Error(`${url} was accepted`);
      expect(outcome).toMatchObject({ status: 400, error: "invalid_url" });
      expect(outcome.nextActions.map((a) => a.action)).toEqual(["search"]);
      reasons.push(outcome.details?.reason);
    }
    expect(reasons).toEqual([
      "Only https URLs can be checked, not ftp.",
      "Only https URLs can be checked.",
      expect.stringContaining("resolves to 10.0.0.1"),
    ]);
    expect(await h.bus.redis().get(claimKey("https://private.example/mcp"))).toBeNull();
    expect(await rows()).toBe(before);
  });

  it("starts a check of a URL whose host does not resolve: the probe reports that, not the request", async () => {
    const started = Date.now();
    const check = body(
      await service.check({ url: "  https://Nowhere.example/mcp#top  " }, requester(10, "req-1"), 0),
    );
    expect(check).toMatchObject({
      url: "https://Nowhere.example/mcp#top",
      status: "queued",
      server: null,
      page: `${BASE_URL}/check/${check.id}`,
      finished_at: null,
    });
    expect(check.id).toMatch(/^[\w-]{22}$/);
    expect(check.next_actions).toEqual([
      expect.objectContaining({ action: "check_server", arguments: { id: check.id, wait: 25 } }),
    ]);

    const row = await checks.find(check.id);
    expect(row).toMatchObject({ normalizedUrl: "https://nowhere.example/mcp", host: "nowhere.example" });
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(started + 30 * DAY_MS);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    // The prober's job is named by the check, and carries the request id into its logs.
    const job = await h.bus.queue("prober").getJob(check.id);
    expect(job).toMatchObject({ name: "check", data: expect.objectContaining({ checkId: check.id }) });
    expect(requestIdOf(job)).toBe("req-1");
    expect(await h.bus.redis().get(claimKey("https://nowhere.example/mcp"))).toBe(check.id);
  });

  it("answers the same URL within the repeat window with the same check, counted once", async () => {
    const once = requester(1);
    const first = body(await service.check({ url: "https://once.public.example/mcp" }, once, 0));
    const again = body(await service.check({ url: "HTTPS://ONCE.public.example:443/mcp#again" }, once, 0));
    expect(again.id).toBe(first.id);
    // The one check of the hour is spent: another URL is refused, and leaves no claim or row behind.
    const before = await rows();
    expect(await service.check({ url: "https://other.public.example/mcp" }, once, 0)).toMatchObject({
      ok: false,
      status: 429,
      error: "check_quota_exceeded",
      details: { scope: "you", retry_after: expect.any(Number) },
    });
    expect(refused).toEqual(["you"]);
    expect(await h.bus.redis().get(claimKey("https://other.public.example/mcp"))).toBeNull();
    expect(await rows()).toBe(before);
  });

  it("names the catalog server whose remote the URL is", async () => {
    const at = new Date();
    await h.db.prisma.server.create({
      data: { name: "io.example/weather", namespace: "io.example", firstPublishedAt: at, updatedAt: at },
    });
    await h.db.prisma.probeTarget.create({
      data: {
        serverName: "io.example/weather",
        url: "https://weather.public.example/mcp",
        transport: "streamable-http",
        nextProbeAt: at,
      },
    });
    const check = body(await service.check({ url: "https://WEATHER.public.example/mcp" }, requester(), 0));
    expect(check.server).toBe("io.example/weather");
    expect((await checks.find(check.id))?.serverName).toBe("io.example/weather");
  });

  it("answers a claim of a queued check with it, queueing the job its creator never queued, without counting", async () => {
    const url = "https://orphan.public.example/mcp";
    const id = await existingCheck(url);
    await h.bus.redis().set(claimKey(url), id, "PX", REPEAT_WINDOW_MS);
    const once = requester(1);
    expect(body(await service.check({ url }, once, 0)).id).toBe(id);
    expect((await h.bus.queue("prober").getJob(id))?.data).toMatchObject({ checkId: id });
    // Its allowance is untouched.
    expect(body(await service.check({ url: "https://fresh.public.example/mcp" }, once, 0)).status).toBe(
      "queued",
    );
  });

  it("answers a claim of a finished check with its result, and queues nothing", async () => {
    const url = "https://done.public.example/mcp";
    const id = await existingCheck(url, "done");
    await h.bus.redis().set(claimKey(url), id, "PX", REPEAT_WINDOW_MS);
    const check = body(await service.check({ url }, requester(), 0));
    expect(check).toMatchObject({ id, status: "done", result: { probe: { outcome: "ok", url } } });
    expect(check.next_actions).toEqual([
      expect.objectContaining({ action: "search", arguments: { q: "done.public.example" } }),
    ]);
    expect(await h.bus.queue("prober").getJob(id)).toBeUndefined();
  });

  it("replaces a stale claim that names no check (its request died before writing it)", async () => {
    const url = "https://stale.public.example/mcp";
    // Claimed 10 s ago, past the grace a claim has to write its row.
    await h.bus.redis().set(claimKey(url), "ghost-check-id-0000000", "PX", REPEAT_WINDOW_MS - 10_000);
    const check = body(await service.check({ url }, requester(), 0));
    expect(check.id).not.toBe("ghost-check-id-0000000");
    expect(await h.bus.redis().get(claimKey(url))).toBe(check.id);
    expect(await checks.find(check.id)).not.toBeNull();
  });

  it("waits for a young claim of another request to write its row, and answers with that check", async () => {
    const url = "https://young.public.example/mcp";
    const key = claimKey(url);
    const id = randomBytes(16).toString("base64url");
    await h.bus.redis().set(key, id, "PX", REPEAT_WINDOW_MS);
    // The row is written once the service has found it missing and looked at the claim's age.
    const client = new Redis(h.redisUrl);
    const monitor = await client.monitor();
    // MONITOR sees every client of the shared Redis: lines still arriving while it quits confuse
    // ioredis's reply queue ("Command queue state error"), which only ends this spy.
    monitor.on("error", () => undefined);
    try {
      const looked = new Promise<void>((resolve) =>
        monitor.on("monitor", (_time: string, args: string[]) => {
          if (args[0]?.toLowerCase() === "pttl" && args[1] === key) resolve();
        }),
      );
      const pending = service.check({ url }, requester(), 0);
      await looked;
      await h.db.prisma.check.create({
        data: {
          id,
          url,
          normalizedUrl: url,
          host: "young.public.example",
          requester: "ip:other",
          expiresAt: new Date(Date.now() + DAY_MS),
        },
      });
      expect(body(await pending).id).toBe(id);
      expect(await h.db.prisma.check.count({ where: { normalizedUrl: url } })).toBe(1);
    } finally {
      monitor.disconnect();
      client.disconnect();
    }
  });

  it("gives back the claim, the row and the allowance when the job cannot be queued", async () => {
    const url = "https://unqueued.public.example/mcp";
    const closed = new JobBus({ redisUrl: h.redisUrl, prefix: h.prefix });
    closed.queue("prober");
    await closed.close();
    const once = requester(1);
    const before = await rows();
    await expect(checkService(closed).check({ url }, once, 0)).rejects.toThrow();
    expect(await h.bus.redis().get(claimKey(url))).toBeNull();
    expect(await rows()).toBe(before);
    // The one check of the hour was refunded: the same requester may start it now.
    expect(body(await service.check({ url }, once, 0)).status).toBe("queued");
  });

  it("looks up a check by id: 404 for a malformed or unknown id, the check as it stands after the wait", async () => {
    const notFound = { ok: false, status: 404, error: "check_not_found" };
    expect(await service.lookup("short", 0)).toMatchObject(notFound);
    expect(await service.lookup("not/a/check/id/at/all", 0)).toMatchObject(notFound);
    expect(await service.lookup(randomBytes(16).toString("base64url"), 0)).toMatchObject(notFound);

    const queued = await existingCheck("https://lookup.public.example/mcp");
    expect(body(await service.lookup(queued, 1)).status).toBe("queued");
    const done = await existingCheck("https://lookup-done.public.example/mcp", "done");
    expect(body(await service.lookup(done, 0))).toMatchObject({
      status: "done",
      result: { probe: { outcome: "ok" } },
    });
  });

  it("holds a request until the prober finishes the check", async () => {
    // A prober that finishes every check it is given.
    h.bus.worker("prober", {
      check: async ({ checkId }) => {
        const row = await checks.find(checkId);
        if (row?.url) await checks.finish(checkId, result(row.url), new Date());
      },
    });
    const check = body(
      await service.check({ url: "https://waited.public.example/mcp" }, requester(), 30_000),
    );
    expect(check).toMatchObject({
      status: "done",
      result: { probe: { url: "https://waited.public.example/mcp" } },
    });
    expect(check.finished_at).not.toBeNull();
  });

  it("counts requesters by account, by IPv4 address, or by the /64 network of an IPv6 address", () => {
    const limits = { anonymous: 10, account: 60 };
    expect(requesterOf("acc_1", "192.0.2.1", limits, "r")).toEqual({
      id: "account:acc_1",
      limit: 60,
      requestId: "r",
      subject: { account: "acc_1" },
    });
    const a = requesterOf(undefined, "2001:db8:1:2::1", limits);
    expect(a).toMatchObject({ limit: 10, subject: { address: "2001:db8:1:2::/64" } });
    expect(a.id).toMatch(/^ip:[0-9a-f]{32}$/);
    expect(requesterOf(undefined, "2001:db8:1:2:ffff::9", limits).id).toBe(a.id);
    expect(requesterOf(undefined, "2001:db8:1:3::1", limits).id).not.toBe(a.id);
    expect(requesterOf("", "192.0.2.1", limits).subject).toEqual({ address: "192.0.2.1" });
  });
});
