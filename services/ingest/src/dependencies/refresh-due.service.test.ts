import { DependenciesRepository } from "@catalog/db";
import { stableJobId } from "@catalog/queue";
import { createHarness, type Harness } from "@catalog/testing";
import { RefreshDueService } from "./refresh-due.service.js";

describe("RefreshDueService (real PostgreSQL and Redis)", () => {
  let h: Harness;
  let clock: Date;
  let service: RefreshDueService;
  beforeAll(async () => {
    h = await createHarness();
    service = new RefreshDueService(new DependenciesRepository(h.db.prisma), h.bus, () => clock);
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at)
       SELECT n, 'com.acme', now(), now() FROM unnest($1::text[]) AS n`,
      [["com.acme/due", "com.acme/later", "com.acme/both"]],
    );
    await h.db.pool.query(
      `INSERT INTO dependency_reports (server_name, ecosystem, package_name, version, status, next_refresh_at)
       VALUES ('com.acme/due', 'npm', 'a', '1.0.0', 'resolved', '2026-01-10T09:00:00Z'),
              ('com.acme/later', 'npm', 'b', '1.0.0', 'resolved', '2026-01-11T00:00:00Z'),
              ('com.acme/both', 'npm', 'c', '1.0.0', 'resolved', '2026-01-10T08:00:00Z'),
              ('com.acme/both', 'pypi', 'd', '1.0.0', 'pending', '2026-01-10T09:30:00Z')`,
    );
  });
  afterAll(() => h.close());

  const jobs = async () =>
    (await h.bus.queue("dependencies").getJobs(["waiting"]))
      .map((j) => [j.id, j.name, j.data])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

  it("queues one forced resolve per server with a report due, once per hour", async () => {
    clock = new Date("2026-01-10T10:15:00Z");
    expect(await service.run()).toBe(2);
    const hour = "2026-01-10T10";
    const expected = ["com.acme/both", "com.acme/due"]
      .map((serverName) => [
        stableJobId("refresh-due", serverName, hour),
        "resolve",
        { serverName, force: true },
      ])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(await jobs()).toEqual(expected);

    clock = new Date("2026-01-10T10:45:00Z");
    expect(await service.run()).toBe(2); // the same hour: the same jobs
    expect(await jobs()).toHaveLength(2);
    clock = new Date("2026-01-10T11:00:00Z");
    expect(await service.run()).toBe(2); // the reports were not refreshed: asked again
    expect(await jobs()).toHaveLength(4);
  });

  it("queues nothing while no report is due", async () => {
    await h.bus.queue("dependencies").drain();
    clock = new Date("2026-01-10T07:00:00Z");
    expect(await service.run()).toBe(0);
    expect(await jobs()).toEqual([]);
  });
});
