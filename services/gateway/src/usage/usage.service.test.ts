import { DAY_MS } from "@catalog/contracts";
import { AccountsRepository, ApiKeysRepository, UsageRepository } from "@catalog/db";
import type { Logger } from "@catalog/observability";
import { redisKeys } from "@catalog/queue";
import { createHarness, type Harness } from "@catalog/testing";
import { Redis } from "ioredis";
import { UsageService } from "./usage.service.js";

const NOON = new Date("2026-03-10T12:00:00Z");
const TODAY = "2026-03-10";

describe("UsageService (real PostgreSQL and Redis)", () => {
  let h: Harness;
  let usage: UsageRepository;
  let keys: ApiKeysRepository;
  let accounts = 0;
  /** An account of its own, so that each test reads only its own counts. */
  async function account(): Promise<string> {
    const id = `acc_${++accounts}`;
    await new AccountsRepository(h.db.prisma).upsertByIdentity(
      { issuer: "https://idp.example", subject: id, email: null, displayName: null },
      id,
    );
    return id;
  }
  /** A service whose clock the test sets. */
  function usageService(log: Logger = h.log) {
    const clock = { now: NOON };
    const service = new UsageService(h.bus.redis(), h.prefix, usage, keys, () => clock.now, log);
    return { service, clock };
  }

  beforeAll(async () => {
    h = await createHarness();
    usage = new UsageRepository(h.db.prisma);
    keys = new ApiKeysRepository(h.db);
  });
  afterAll(() => h.close());

  it("reads today and yesterday from the running totals too, older days from PostgreSQL alone", async () => {
    const acc = await account();
    const { service, clock } = usageService();
    clock.now = new Date(NOON.getTime() - 3 * DAY_MS);
    service.count(acc, "search", 2);
    await service.flush();
    // Counted after the flush, three days ago: a total the flush has not copied yet is not read.
    service.count(acc, "search", 1);
    clock.now = new Date(NOON.getTime() - DAY_MS);
    service.count(acc, "get_server", 1);
    clock.now = NOON;
    service.count(acc, "search", 5);
    // PostgreSQL ahead of Redis (another replica flushed more): the larger count stands, not the sum.
    await usage.raiseTo([
      { accountId: acc, day: TODAY, operation: "search", count: 7 },
      { accountId: acc, day: TODAY, operation: "retired_op", count: 9 },
    ]);

    const days = await service.lastDays(acc, 4);
    expect(days.map((d) => [d.day, d.total])).toEqual([
      ["2026-03-07", 2],
      ["2026-03-08", 0],
      ["2026-03-09", 1],
      ["2026-03-10", 7],
    ]);
    expect(days[2]!.counts).toMatchObject({ get_server: 1, search: 0, mcp: 0 });
    expect(days[3]!.counts).not.toHaveProperty("retired_op");
  });

  it("flushes the running totals of each account-day and unmarks them, keeping totals for days", async () => {
    const acc = await account();
    const { service } = usageService();
    await service.flush(); // what earlier tests left
    service.record(acc, "k1", "search");
    service.record(acc, "k1", "search");
    service.count(acc, "mcp", 4);
    expect(await service.flush()).toBe(1);
    expect(await usage.range(acc, TODAY, TODAY)).toEqual([
      { accountId: acc, day: TODAY, operation: "mcp", count: 4 },
      { accountId: acc, day: TODAY, operation: "search", count: 2 },
    ]);
    expect(await service.flush()).toBe(0);
    const ttl = await h.bus.redis().ttl(redisKeys(h.prefix).usageTotals(acc, TODAY));
    expect(ttl).toBeGreaterThan(2 * 86_400);
    expect(ttl).toBeLessThanOrEqual(3 * 86_400);
  });

  it("keeps an account-day marked when it was counted again while being flushed", async () => {
    const acc = await account();
    const { service } = usageService();
    await service.flush();
    service.count(acc, "search", 1);
    const flushing = service.flush();
    // Sent after the flush read the marks, before it unmarked them.
    service.count(acc, "search", 1);
    expect(await flushing).toBe(1);
    const dirty = redisKeys(h.prefix).usageDirty;
    expect(await h.bus.redis().zscore(dirty, `${acc}|${TODAY}`)).toBe("2");
    expect(await service.flush()).toBe(1);
    expect(await usage.range(acc, TODAY, TODAY)).toEqual([expect.objectContaining({ count: 2 })]);
    expect(await h.bus.redis().zscore(dirty, `${acc}|${TODAY}`)).toBeNull();
  });

  it("runs one flush at a time: a flush asked for meanwhile joins the one under way", async () => {
    const acc = await account();
    const { service } = usageService();
    await service.flush();
    const first = service.flush();
    service.count(acc, "search", 1);
    // A flush of its own would read the mark just made.
    const joined = service.flush();
    expect([await first, await joined]).toEqual([0, 0]);
    expect(await service.flush()).toBe(1);
  });

  it("writes more account-days than one batch", async () => {
    const acc = await account();
    const { service, clock } = usageService();
    await service.flush();
    const start = Date.UTC(2024, 0, 1);
    for (let i = 0; i < 501; i++) {
      clock.now = new Date(start + i * DAY_MS);
      service.count(acc, "other", i + 1);
    }
    expect(await service.flush()).toBe(501);
    const rows = await usage.range(acc, "2024-01-01", "2025-12-31");
    expect(rows).toHaveLength(501);
    expect(rows.at(-1)).toEqual({ accountId: acc, day: "2025-05-15", operation: "other", count: 501 });
  });

  it("moves a key's last use forward only, written by the flush", async () => {
    const acc = await account();
    await keys.createWithinLimit(
      { id: "key_1", accountId: acc, prefix: "ck_key_1", hash: "hash-1", name: null },
      5,
    );
    const { service, clock } = usageService();
    clock.now = new Date(NOON.getTime() + 60_000);
    service.record(acc, "key_1", "search");
    // A replica whose request finished later with an earlier time.
    clock.now = NOON;
    service.record(acc, "key_1", "search");
    await service.flush();
    expect((await keys.findByHash("hash-1"))?.lastUsedAt).toEqual(new Date(NOON.getTime() + 60_000));
    expect(await h.bus.redis().zcard(redisKeys(h.prefix).usageKeyUse)).toBe(0);
  });

  it("writes what is pending when it stops", async () => {
    const acc = await account();
    const { service } = usageService();
    service.count(acc, "check", 3);
    await service.stop();
    expect(await usage.range(acc, TODAY, TODAY)).toEqual([
      expect.objectContaining({ operation: "check", count: 3 }),
    ]);
  });

  it("never fails a request or a stop when Redis is away: it logs instead", async () => {
    // Never connected, and refusing to queue commands meanwhile.
    const away = new Redis("redis://127.0.0.1:1", { lazyConnect: true, enableOfflineQueue: false });
    const warned: string[] = [];
    let told!: () => void;
    const logged = new Promise<void>((resolve) => (told = resolve));
    const log = {
      warn: (_obj: unknown, msg: string) => {
        warned.push(msg);
        told();
      },
    } as unknown as Logger;
    try {
      const service = new UsageService(away, h.prefix, usage, keys, () => NOON, log);
      expect(() => service.record("acc_x", "key_x", "search")).not.toThrow();
      await logged;
      await service.stop();
      expect(warned).toEqual(["usage not recorded", "final usage flush failed"]);
    } finally {
      away.disconnect();
    }
  });
});
