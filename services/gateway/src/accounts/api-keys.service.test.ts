import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { AccountsRepository, ApiKeysRepository } from "@catalog/db";
import { announceChanges, redisKeys } from "@catalog/queue";
import { createHarness, type Harness } from "@catalog/testing";
import { ApiKeysService } from "./api-keys.service.js";
import { KeyCache } from "./key-cache.js";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("ApiKeysService (real PostgreSQL and Redis)", () => {
  let h: Harness;
  let service: ApiKeysService;
  const now = new Date("2026-03-01T12:00:00Z");
  const clock = () => now;
  let accounts = 0;
  /** A new account of its own for each test (the limit of active keys is per account). */
  const account = async () => {
    const id = `acc_${accounts++}`;
    await new AccountsRepository(h.db.prisma).upsertByIdentity(
      { issuer: "https://id.example", subject: id, email: null, displayName: null },
      id,
    );
    return id;
  };
  const quietly = (id: string, revokedAt: Date | null) =>
    h.db.prisma.apiKey.update({ where: { id }, data: { revokedAt } });

  beforeAll(async () => {
    h = await createHarness();
    service = new ApiKeysService(new ApiKeysRepository(h.db), 2, clock);
  });
  afterAll(() => h.close());

  it("creates a key shown in full once, storing only its SHA-256 and its display prefix", async () => {
    const owner = await account();
    const made = (await service.create(owner))!;
    expect(made.key).toMatch(/^svc_[0-9A-Za-z]{43}$/);
    expect(made.record).toMatchObject({ accountId: owner, prefix: made.key.slice(4, 12), revokedAt: null });
    expect(made.record).not.toHaveProperty("hash");
    const row = await h.db.prisma.apiKey.findUniqueOrThrow({ where: { id: made.record.id } });
    expect(row.hash).toBe(sha256(made.key));
    expect(JSON.stringify(row)).not.toContain(made.key.slice(12));
    expect((await service.create(owner))!.key).not.toBe(made.key);
  });

  it("resolves a key to its account, and refuses malformed, unknown and revoked keys", async () => {
    const owner = await account();
    const { key, record } = (await service.create(owner))!;
    expect(await service.resolve(key)).toEqual({ key: { id: record.id, accountId: owner } });
    for (const malformed of ["", "svc_", key.slice(0, -1), `${key}x`, ` ${key}`, `sk_${key.slice(4)}`])
      expect(await service.resolve(malformed)).toEqual({ refused: "malformed" });
    expect(await service.resolve(`svc_${"A".repeat(43)}`)).toEqual({ refused: "unknown_or_revoked" });
    expect(await service.revoke(owner, record.id)).toBe(true);
    expect(await service.resolve(key)).toEqual({ refused: "unknown_or_revoked" });
  });

  it("revokes only an active key of the account itself, at the clock's time", async () => {
    const [owner, stranger] = [await account(), await account()];
    const { key, record } = (await service.create(owner))!;
    expect(await service.revoke(stranger, record.id)).toBe(false);
    expect(await service.resolve(key)).toEqual({ key: { id: record.id, accountId: owner } });
    expect(await service.revoke(owner, record.id)).toBe(true);
    expect(await service.revoke(owner, record.id)).toBe(false);
    expect(await service.list(owner)).toEqual([expect.objectContaining({ id: record.id, revokedAt: now })]);
  });

  it("refuses a key beyond the account's active maximum until one is revoked, and lists revoked ones too", async () => {
    const [owner, other] = [await account(), await account()];
    const first = (await service.create(owner))!;
    const second = (await service.create(owner))!;
    expect(await service.create(owner)).toBeNull();
    expect(await service.create(other)).not.toBeNull();
    await service.revoke(owner, first.record.id);
    const third = (await service.create(owner))!;
    expect(third).not.toBeNull();
    expect(await service.create(owner)).toBeNull();
    const listed = await service.list(owner);
    expect(listed.map((k) => [k.id, k.revokedAt]).sort()).toEqual(
      [
        [first.record.id, now],
        [second.record.id, null],
        [third.record.id, null],
      ].sort(),
    );
  });

  it("announces a revocation to every replica, and only one that revoked something", async () => {
    const announcing = new ApiKeysService(new ApiKeysRepository(h.db), 2, clock, {
      keys: new KeyCache(),
      announce: (keyId) => announceChanges(h.bus.redis(), h.prefix, [keyId], "keysRevoked"),
    });
    const [owner, stranger] = [await account(), await account()];
    const a = (await announcing.create(owner))!;
    const b = (await announcing.create(owner))!;
    const subscriber = new Redis(h.redisUrl);
    try {
      const heard = new Promise<string>((resolve) =>
        subscriber.once("message", (_c, id: string) => resolve(id)),
      );
      await subscriber.subscribe(redisKeys(h.prefix).keysRevoked);
      // Announced in order on one connection: had the refused revocation been announced, `a` came first.
      expect(await announcing.revoke(stranger, a.record.id)).toBe(false);
      expect(await announcing.revoke(owner, b.record.id)).toBe(true);
      expect(await heard).toBe(b.record.id);
    } finally {
      subscriber.disconnect();
    }
  });

  describe("with this replica's key cache", () => {
    let cache: KeyCache;
    let cached: ApiKeysService;
    beforeEach(() => {
      cache = new KeyCache();
      cache.reset(true); // as its listener does once subscribed (key-cache.test.ts covers the listening)
      cached = new ApiKeysService(new ApiKeysRepository(h.db), 2, clock, {
        keys: cache,
        announce: (keyId) => announceChanges(h.bus.redis(), h.prefix, [keyId], "keysRevoked"),
      });
    });

    it("answers a key it resolved without the database until the cache forgets it", async () => {
      const owner = await account();
      const { key, record } = (await cached.create(owner))!;
      const resolved = { key: { id: record.id, accountId: owner } };
      expect(await cached.resolve(key)).toEqual(resolved);
      await quietly(record.id, now); // straight to the table: not announced
      expect(await cached.resolve(key)).toEqual(resolved);
      cache.revoked(record.id);
      expect(await cached.resolve(key)).toEqual({ refused: "unknown_or_revoked" });
    });

    it("never keeps a refusal", async () => {
      const owner = await account();
      const { key, record } = (await cached.create(owner))!;
      await quietly(record.id, now);
      expect(await cached.resolve(key)).toEqual({ refused: "unknown_or_revoked" });
      await quietly(record.id, null);
      expect(await cached.resolve(key)).toEqual({ key: { id: record.id, accountId: owner } });
    });

    it("does not keep a resolution when a revocation arrived during its lookup", async () => {
      const owner = await account();
      const { key, record } = (await cached.create(owner))!;
      const resolving = cached.resolve(key);
      cache.revoked("some-other-key"); // heard while the lookup is in flight
      expect(await resolving).toEqual({ key: { id: record.id, accountId: owner } });
      await quietly(record.id, now);
      expect(await cached.resolve(key)).toEqual({ refused: "unknown_or_revoked" });
    });
  });
});
