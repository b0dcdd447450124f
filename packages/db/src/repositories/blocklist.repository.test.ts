import { createHarness, type Harness } from "@catalog/testing";
import { BlocklistRepository } from "./blocklist.repository.js";

describe("BlocklistRepository", () => {
  let h: Harness;
  let repo: BlocklistRepository;
  beforeEach(async () => {
    h = await createHarness();
    repo = new BlocklistRepository(h.db.prisma);
  });
  afterEach(() => h.close());

  it("adds names and namespace patterns, lists them by name, and updates a reason in place", async () => {
    await repo.add("io.github.bad/*", "Namespace taken down", "admin-api");
    await repo.add("com.example/fake", "Impersonation", "cli");
    await repo.add("com.example/fake", "Impersonates Example Inc.", "admin-api");
    expect((await repo.list()).map((r) => [r.name, r.reason, r.createdBy])).toEqual([
      ["com.example/fake", "Impersonates Example Inc.", "admin-api"],
      ["io.github.bad/*", "Namespace taken down", "admin-api"],
    ]);
  });

  it("removes an entry once, and says when there was none", async () => {
    await repo.add("com.example/fake", "Impersonation", "cli");
    expect(await repo.remove("com.example/fake")).toBe(true);
    expect(await repo.remove("com.example/fake")).toBe(false);
    expect(await repo.list()).toEqual([]);
  });
});
