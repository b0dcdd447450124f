import { Redis } from "ioredis";
import { BlocklistRepository } from "@catalog/db";
import { redisKeys } from "@catalog/queue";
import { createHarness, type Harness } from "@catalog/testing";
import { BlocklistService } from "./blocklist.service.js";

describe("BlocklistService (real PostgreSQL and Redis)", () => {
  let h: Harness;
  let service: BlocklistService;
  let subscriber: Redis;
  const announced: string[] = [];
  let onAnnounced = () => {};
  /** Resolves once `n` changes in all were announced on the catalog's change channel. */
  const announcements = (n: number) =>
    new Promise<string[]>((resolve) => {
      const check = () => (announced.length >= n ? resolve([...announced]) : (onAnnounced = check));
      check();
    });
  const refreshJobs = async () =>
    (await h.bus.queue("catalog").getJobs(["waiting"]))
      .filter((j) => j.name === "refresh-servers")
      .map((j) => j.data as unknown)
      .reverse();

  beforeAll(async () => {
    h = await createHarness();
    service = new BlocklistService(new BlocklistRepository(h.db.prisma), h.bus);
    subscriber = new Redis(h.redisUrl);
    subscriber.on("message", (_channel, change: string) => {
      announced.push(change);
      onAnnounced();
    });
    await subscriber.subscribe(redisKeys(h.prefix).catalogChanged);
  });
  afterAll(async () => {
    subscriber.disconnect();
    await h.close();
  });

  it("adds an entry, announces it to every replica and asks the catalog to re-derive what it covers", async () => {
    const entry = await service.add("io.github.bad/*", "Namespace taken down", "admin-api");
    expect(entry).toEqual({
      name: "io.github.bad/*",
      reason: "Namespace taken down",
      created_by: "admin-api",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(await announcements(1)).toEqual(["io.github.bad/*"]);
    expect(await refreshJobs()).toEqual([{ match: "io.github.bad/*" }]);
  });

  it("lists entries by name in the API's shape, an added name's new reason replacing the old", async () => {
    await service.add("com.example/fake", "Impersonation", "cli");
    await service.add("com.example/fake", "Impersonates Example Inc.", "admin-api");
    expect(await service.list()).toEqual([
      {
        name: "com.example/fake",
        reason: "Impersonates Example Inc.",
        created_by: "admin-api",
        created_at: expect.any(String),
      },
      expect.objectContaining({ name: "io.github.bad/*", created_by: "admin-api" }),
    ]);
    expect((await announcements(3)).slice(1)).toEqual(["com.example/fake", "com.example/fake"]);
  });

  it("removes an entry with the same announcement and refresh, and does neither when there was none", async () => {
    const [seen, jobsBefore] = [announced.length, (await refreshJobs()).length];
    expect(await service.remove("com.example/absent")).toBe(false);
    expect(await service.remove("com.example/fake")).toBe(true);
    // One connection publishes in order: an announcement of the absent entry would come first.
    expect((await announcements(seen + 1)).slice(seen)).toEqual(["com.example/fake"]);
    expect((await refreshJobs()).slice(jobsBefore)).toEqual([{ match: "com.example/fake" }]);
    expect((await service.list()).map((e) => e.name)).toEqual(["io.github.bad/*"]);
  });
});
