import { createHarness, type Harness } from "@catalog/testing";
import { AccountsRepository } from "./accounts.repository.js";
import { ApiKeysRepository } from "./api-keys.repository.js";

describe("ApiKeysRepository", () => {
  let h: Harness;
  let repo: ApiKeysRepository;
  beforeEach(async () => {
    h = await createHarness();
    repo = new ApiKeysRepository(h.db);
    await new AccountsRepository(h.db.prisma).upsertByIdentity(
      { issuer: "https://idp.example", subject: "u1", email: null, displayName: null },
      "acc_1",
    );
  });
  afterEach(() => h.close());

  const key = (id: string) => ({
    id,
    accountId: "acc_1",
    prefix: `ck_${id}`,
    hash: `hash-${id}`,
    name: null,
  });

  it("creates keys up to the limit of active ones, revokes once, and a revoked key frees a place", async () => {
    expect(await repo.createWithinLimit(key("k1"), 2)).toMatchObject({ id: "k1", revokedAt: null });
    expect(await repo.createWithinLimit(key("k2"), 2)).toMatchObject({ id: "k2" });
    expect(await repo.createWithinLimit(key("k3"), 2)).toBeNull();
    const at = new Date("2026-01-01T00:00:00Z");
    expect(await repo.revoke("acc_1", "k1", at)).toBe(true);
    expect(await repo.revoke("acc_1", "k1", at)).toBe(false);
    expect(await repo.revoke("other", "k2", at)).toBe(false);
    expect(await repo.createWithinLimit(key("k3"), 2)).toMatchObject({ id: "k3" });
    expect((await repo.listByAccount("acc_1")).map((k) => k.id).sort()).toEqual(["k1", "k2", "k3"]);
  });

  it("finds a key by its hash only, and moves last-used times forward, never back", async () => {
    await repo.createWithinLimit(key("k1"), 5);
    expect(await repo.findByHash("hash-k1")).toMatchObject({
      id: "k1",
      accountId: "acc_1",
      lastUsedAt: null,
    });
    expect(await repo.findByHash("hash-none")).toBeNull();
    const t1 = new Date("2026-01-02T00:00:00Z");
    const t0 = new Date("2026-01-01T00:00:00Z");
    await repo.touch([{ id: "k1", at: t1 }]);
    await repo.touch([{ id: "k1", at: t0 }]);
    await repo.touch([]);
    expect((await repo.findByHash("hash-k1"))?.lastUsedAt).toEqual(t1);
  });
});
