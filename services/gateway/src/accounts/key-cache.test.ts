import { randomUUID } from "node:crypto";
import { AccountsRepository, ApiKeysRepository } from "@catalog/db";
import { announceChanges } from "@catalog/queue";
import { createHarness, type Harness } from "@catalog/testing";
import { systemClock } from "../time/clock.js";
import { ApiKeysService } from "./api-keys.service.js";
import { startKeyCache } from "./key-cache.js";

/** Two replicas' key services over one database and one Redis, each with its key cache. */
describe("API keys cached per replica", () => {
  let h: Harness;
  const closers: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    await h.close();
  });

  function replica(): ApiKeysService {
    const { cache, close } = startKeyCache({ REDIS_URL: h.redisUrl, QUEUE_PREFIX: h.prefix });
    closers.push(close);
    return new ApiKeysService(new ApiKeysRepository(h.db), 2, systemClock, {
      keys: cache,
      announce: (keyId) => announceChanges(h.bus.redis(), h.prefix, [keyId], "keysRevoked"),
    });
  }

  const until = async (done: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await done()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  };

  it("serves a resolved key without the database, and refuses it everywhere within a second of its revocation", async () => {
    const [a, b] = [replica(), replica()];
    const account = await new AccountsRepository(h.db.prisma).upsertByIdentity(
      { issuer: "https://id.example", subject: "keys", email: null, displayName: null },
      randomUUID(),
    );
    const made = (await a.create(account.id))!;
    // Subscribed: a resolution is kept, so a quiet revocation (straight to the table) goes unseen.
    await until(async () => {
      await b.resolve(made.key);
      await h.db.pool.query(`UPDATE api_keys SET revoked_at = now() WHERE id = $1`, [made.record.id]);
      const kept = "key" in (await b.resolve(made.key));
      await h.db.pool.query(`UPDATE api_keys SET revoked_at = NULL WHERE id = $1`, [made.record.id]);
      return kept;
    });
    expect(await b.resolve(made.key)).toEqual({ key: { id: made.record.id, accountId: account.id } });
    expect(await a.revoke(account.id, made.record.id)).toBe(true);
    // From the revocation's answer to the first refusal asked for (a slow answer does not count).
    const revokedAt = Date.now();
    let askedAt = revokedAt;
    await until(async () => {
      askedAt = Date.now();
      return "refused" in (await b.resolve(made.key));
    });
    expect(await b.resolve(made.key)).toEqual({ refused: "unknown_or_revoked" });
    expect(askedAt - revokedAt).toBeLessThan(1_000);
  });

  it("never keeps unknown keys", async () => {
    const a = replica();
    const made = `svc_${"A".repeat(43)}`;
    expect(await a.resolve(made)).toEqual({ refused: "unknown_or_revoked" });
    expect(await a.resolve(made)).toEqual({ refused: "unknown_or_revoked" });
  });
});
