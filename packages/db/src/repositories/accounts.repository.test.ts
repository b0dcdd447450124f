import { createHarness, type Harness } from "@catalog/testing";
import { AccountsRepository } from "./accounts.repository.js";

describe("AccountsRepository", () => {
  let h: Harness;
  let repo: AccountsRepository;
  beforeEach(async () => {
    h = await createHarness();
    repo = new AccountsRepository(h.db.prisma);
  });
  afterEach(() => h.close());

  it("creates one account per identity on first sign-in and follows the provider's email and name after", async () => {
    const identity = {
      issuer: "https://idp.example",
      subject: "u1",
      email: "a@example.com",
      displayName: "A",
    };
    const first = await repo.upsertByIdentity(identity, "acc_1");
    const again = await repo.upsertByIdentity(
      { ...identity, email: "b@example.com", displayName: null },
      "acc_2",
    );
    expect(first.id).toBe("acc_1");
    expect(again).toMatchObject({ id: "acc_1", email: "b@example.com", displayName: null });
    expect(await repo.findById("acc_1")).toMatchObject({ subject: "u1", email: "b@example.com" });
    expect(await repo.findById("acc_2")).toBeNull();
  });
});
