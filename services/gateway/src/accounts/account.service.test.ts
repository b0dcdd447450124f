import { AccountsRepository, ApiKeysRepository, UsageRepository } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { LimitsService } from "../limits/limits.service.js";
import { UsageService } from "../usage/usage.service.js";
import { AccountService } from "./account.service.js";
import { ApiKeysService } from "./api-keys.service.js";

const LIMITS = { anonymousPerWindow: 5, accountPerWindow: 10, windowSeconds: 60, dailyQuota: 100 };

describe("AccountService (real PostgreSQL and Redis)", () => {
  let h: Harness;
  let now = new Date("2026-03-10T12:00:00Z");
  const clock = () => now;
  let accounts: AccountsRepository;
  let keys: ApiKeysService;
  let limits: LimitsService;
  let usage: UsageService;
  let service: AccountService;
  const signUp = (subject: string) =>
    accounts.upsertByIdentity(
      { issuer: "https://id.example", subject, email: `${subject}@example.test`, displayName: subject },
      `acc_${subject}`,
    );

  beforeAll(async () => {
    h = await createHarness();
    accounts = new AccountsRepository(h.db.prisma);
    const keysRepo = new ApiKeysRepository(h.db);
    keys = new ApiKeysService(keysRepo, 3, clock);
    limits = new LimitsService(h.bus.redis(), h.prefix, LIMITS, clock);
    usage = new UsageService(
      h.bus.redis(),
      h.prefix,
      new UsageRepository(h.db.prisma),
      keysRepo,
      clock,
      h.log,
    );
    service = new AccountService(accounts, keys, limits, usage, 3);
  });
  afterAll(() => h.close());

  it("finds an account by its id, and nothing for an unknown one", async () => {
    const account = await signUp("finder");
    expect(await service.find(account.id)).toEqual(account);
    expect(await service.find("acc_nobody")).toBeNull();
  });

  it("gathers the account's quota, keys and 30 days of usage, flushed or still running", async () => {
    const account = await signUp("busy");
    const kept = (await keys.create(account.id))!;
    const revoked = (await keys.create(account.id))!;
    await keys.revoke(account.id, revoked.record.id);
    // An older day's use is read from PostgreSQL (once flushed); today's from Redis's running totals.
    now = new Date("2026-03-07T18:00:00Z");
    usage.count(account.id, "get_server", 4);
    await usage.flush();
    now = new Date("2026-03-10T12:00:00Z");
    for (let i = 0; i < 3; i++) await limits.consumeAccount(account.id);
    usage.count(account.id, "search", 2);

    const view = await service.overview(account, "csrf-token");
    expect(view).toMatchObject({
      account,
      csrfToken: "csrf-token",
      quota: { limit: 100, used: 3, remaining: 97, resetSeconds: 12 * 3600 },
      maxActiveKeys: 3,
    });
    expect(view.keys.map((k) => [k.id, k.revokedAt]).sort()).toEqual(
      [
        [kept.record.id, null],
        [revoked.record.id, now],
      ].sort(),
    );
    expect(view.days).toHaveLength(30);
    expect(view.days[0]!.day).toBe("2026-02-09");
    expect(view.days.filter((d) => d.total > 0)).toEqual([
      { day: "2026-03-07", counts: expect.objectContaining({ get_server: 4, search: 0 }), total: 4 },
      { day: "2026-03-10", counts: expect.objectContaining({ get_server: 0, search: 2 }), total: 2 },
    ]);
  });

  it("shows nothing of another account's use", async () => {
    const busy = await signUp("busy");
    await limits.consumeAccount(busy.id);
    usage.count(busy.id, "search", 1);
    const quiet = await signUp("quiet");
    const view = await service.overview(quiet, "t");
    expect(view.quota).toMatchObject({ used: 0, remaining: 100 });
    expect(view.keys).toEqual([]);
    expect(view.days.map((d) => d.total)).toEqual(Array(30).fill(0));
  });
});
