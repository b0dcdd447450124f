import { createHarness, type Harness } from "@catalog/testing";
import { AccountsRepository } from "./accounts.repository.js";
import { SessionsRepository } from "./sessions.repository.js";

describe("SessionsRepository", () => {
  let h: Harness;
  let repo: SessionsRepository;
  const now = new Date("2026-01-01T00:00:00Z");
  const later = new Date("2026-01-02T00:00:00Z");
  beforeEach(async () => {
    h = await createHarness();
    repo = new SessionsRepository(h.db.prisma);
    await new AccountsRepository(h.db.prisma).upsertByIdentity(
      { issuer: "https://idp.example", subject: "u1", email: null, displayName: null },
      "acc_1",
    );
  });
  afterEach(() => h.close());

  it("finds a session only before it expires, and deletes expired ones and a signed-out one", async () => {
    await repo.create("h1", { accountId: "acc_1", csrfToken: "c1", expiresAt: later });
    await repo.create("h2", { accountId: "acc_1", csrfToken: "c2", expiresAt: now });
    expect(await repo.findValid("h1", now)).toEqual({
      accountId: "acc_1",
      csrfToken: "c1",
      expiresAt: later,
    });
    expect(await repo.findValid("h2", now)).toBeNull();
    expect(await repo.deleteExpired(now)).toBe(1);
    await repo.delete("h1");
    await repo.delete("h1");
    expect(await repo.findValid("h1", now)).toBeNull();
  });
});
