import { createHarness, type Harness } from "@catalog/testing";
import { AccountsRepository } from "./accounts.repository.js";
import { UsageRepository } from "./usage.repository.js";

describe("UsageRepository", () => {
  let h: Harness;
  let repo: UsageRepository;
  beforeEach(async () => {
    h = await createHarness();
    repo = new UsageRepository(h.db.prisma);
    await new AccountsRepository(h.db.prisma).upsertByIdentity(
      { issuer: "https://idp.example", subject: "u1", email: null, displayName: null },
      "acc_1",
    );
  });
  afterEach(() => h.close());

  it("raises counts to running totals (a repeated or lower total changes nothing) and drops unknown accounts", async () => {
    await repo.raiseTo([
      { accountId: "acc_1", day: "2026-01-01", operation: "search", count: 3 },
      { accountId: "acc_1", day: "2026-01-02", operation: "get_server", count: 1 },
      { accountId: "gone", day: "2026-01-01", operation: "search", count: 9 },
    ]);
    await repo.raiseTo([{ accountId: "acc_1", day: "2026-01-01", operation: "search", count: 5 }]);
    await repo.raiseTo([{ accountId: "acc_1", day: "2026-01-01", operation: "search", count: 4 }]);
    await repo.raiseTo([]);
    expect(await repo.range("acc_1", "2026-01-01", "2026-01-02")).toEqual([
      { accountId: "acc_1", day: "2026-01-01", operation: "search", count: 5 },
      { accountId: "acc_1", day: "2026-01-02", operation: "get_server", count: 1 },
    ]);
    expect(await repo.range("acc_1", "2026-01-02", "2026-01-02")).toHaveLength(1);
    expect(await repo.range("gone", "2026-01-01", "2026-01-31")).toEqual([]);
  });
});
