import { DAY_MS } from "@catalog/contracts";
import { ViewsRepository } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { loadViews, type ServedView } from "./load-views.js";
import { ViewsService } from "./views.service.js";

const TRUSTED = "io.example/trusted";
const LOW = "io.example/low";
const RISING = "io.example/rising";
const REFRESH_MS = 60_000;
const T0 = new Date("2026-03-01T00:00:00Z");

/** The built-in views, and one from VIEWS_FILE: both fixed. */
const FIXED: ServedView[] = [
  ...loadViews(undefined),
  { name: "trusted-file", title: "Trusted", description: "", rules: { min_trust: 50 }, builtin: false },
];
const FIXED_NAMES = FIXED.map((v) => v.name);

describe("ViewsService (real PostgreSQL)", () => {
  let h: Harness;
  const sql = (text: string, values: unknown[] = []) => h.db.pool.query(text, values);
  /** A service on its own clock, counting what it announces to the other replicas. */
  function viewsService() {
    const clock = { now: T0 };
    const announced = { count: 0 };
    const service = new ViewsService(
      new ViewsRepository(h.db.pool),
      FIXED,
      () => clock.now,
      REFRESH_MS,
      () => {
        announced.count++;
        return Promise.resolve();
      },
    );
    const advance = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
    return { service, clock, announced, advance };
  }
  const store = (name: string, rules: Record<string, unknown>) =>
    sql(`INSERT INTO registry_views (name, title, description, rules) VALUES ($1, $1, '', $2)`, [
      name,
      JSON.stringify(rules),
    ]);
  const names = async (service: ViewsService) => (await service.views()).map((v) => v.name);

  beforeAll(async () => {
    h = await createHarness();
    await sql(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at, trust_score, status, owner)
       VALUES ($1, 'io.example', now(), now(), 80, 'active', '{"verified":true}'),
              ($2, 'io.example', now(), now(), 10, 'active', '{"verified":false}'),
              ($3, 'io.example', now(), now(), 20, 'active', '{"verified":false}'),
              ('io.example/deleted', 'io.example', now(), now(), 90, 'deleted', '{"verified":true}')`,
      [TRUSTED, LOW, RISING],
    );
    await sql(
      `INSERT INTO probes (server_name, url, outcome, result, started_at, finished_at)
       VALUES ($1, 'https://trusted.example/mcp', 'ok', '{}', $2, $2)`,
      [TRUSTED, new Date(T0.getTime() - DAY_MS)],
    );
  });
  afterAll(() => h.close());

  it("serves the fixed views, then the stored ones, leaving out a stored one that a fixed one's name hides", async () => {
    await store("verified", { min_trust: 1 });
    await store("zeta", { allow_names: [LOW] });
    const views = await viewsService().service.views();
    expect(views.map((v) => [v.name, v.builtin])).toEqual([
      ["verified", true],
      ["reachable", true],
      ["no-critical-advisories", true],
      ["trusted-file", false],
      ["zeta", false],
    ]);
    expect(views[0]!.rules).toEqual({ owner_verified: true });
  });

  it("reads the stored views again only once refreshMs has passed", async () => {
    const { service, advance } = viewsService();
    expect(await names(service)).not.toContain("later");
    // Another replica's edit.
    await store("later", { min_trust: 0 });
    advance(REFRESH_MS - 1);
    expect(await names(service)).not.toContain("later");
    advance(1);
    expect(await names(service)).toContain("later");
  });

  it("creates, replaces and removes stored views, seen at once and announced; fixed ones are refused", async () => {
    const { service, announced } = viewsService();
    await service.views();
    const update = { title: "Mine", description: "d", rules: { min_trust: 70 } };
    expect(await service.save("trusted-file", update)).toBe("fixed");
    expect(await service.save("verified", update)).toBe("fixed");
    expect(await service.remove("reachable")).toBe("fixed");
    expect(announced.count).toBe(0);

    expect(await service.save("mine", update)).toEqual({
      view: { name: "mine", ...update, builtin: false },
      created: true,
    });
    // Within refreshMs, yet the edit shows: saving drops what was read.
    expect((await service.views()).find((v) => v.name === "mine")?.title).toBe("Mine");
    const replaced = await service.save("mine", { ...update, title: "Mine again" });
    expect(replaced).toMatchObject({ created: false, view: { title: "Mine again" } });
    expect(announced.count).toBe(2);

    expect(await service.remove("mine")).toBe(true);
    expect(await names(service)).not.toContain("mine");
    expect(announced.count).toBe(3);
    expect(await service.remove("mine")).toBe(false);
    expect(await service.remove("trusted-file")).toBe("fixed");
    expect(await names(service)).toEqual(expect.arrayContaining(FIXED_NAMES));
  });

  it("scopes a view to the servers its rules admit now, with its pins; null for no such view", async () => {
    const { service } = viewsService();
    expect(await service.scope("nope")).toBeNull();
    await service.save("pinning", {
      title: "Pinning",
      description: "",
      rules: { min_trust: 50, pinned: [{ name: LOW, version: "1.0.0" }, RISING] },
    });
    const scope = await service.scope("pinning");
    // Pinned servers are in whatever the rules say; a deleted server never is.
    expect([...scope!.servers!].sort()).toEqual([LOW, RISING, TRUSTED]);
    expect(scope!.pins).toEqual(new Map([[LOW, "1.0.0"]]));
    expect(scope!.key).toMatch(/^view pinning [\w-]{12}$/);

    // New rules, a new key: bodies kept under the old rules are not served for the new ones.
    await service.save("pinning", { title: "Pinning", description: "", rules: { min_trust: 50 } });
    const edited = await service.scope("pinning");
    expect(edited!.key).not.toBe(scope!.key);
    expect([...edited!.servers!]).toEqual([TRUSTED]);
    expect(edited!.pins).toEqual(new Map());
    // The same rules give the same key, on any replica.
    expect((await viewsService().service.scope("pinning"))!.key).toBe(edited!.key);
  });

  it("reuses a view's servers for refreshMs, then records who joined and who left at that time", async () => {
    const { service, advance, clock } = viewsService();
    expect([...(await service.scope("trusted-file"))!.servers!]).toEqual([TRUSTED]);
    await sql(`UPDATE servers SET trust_score = 60 WHERE name = $1`, [RISING]);
    await sql(`UPDATE servers SET trust_score = 40 WHERE name = $1`, [TRUSTED]);
    try {
      advance(REFRESH_MS - 1);
      expect([...(await service.scope("trusted-file"))!.servers!]).toEqual([TRUSTED]);
      const before = clock.now;
      advance(1);
      expect([...(await service.scope("trusted-file"))!.servers!]).toEqual([RISING]);
      expect(await service.changedSince("trusted-file", before)).toEqual({
        joined: [RISING],
        left: [TRUSTED],
      });
      expect(await service.changedSince("trusted-file", clock.now)).toEqual({ joined: [], left: [] });
    } finally {
      await sql(`UPDATE servers SET trust_score = 20 WHERE name = $1`, [RISING]);
      await sql(`UPDATE servers SET trust_score = 80 WHERE name = $1`, [TRUSTED]);
    }
  });

  it("lists every view with how many servers it holds now", async () => {
    const { service } = viewsService();
    const { views, next_actions } = await service.list();
    const counts = Object.fromEntries(views.map((v) => [v.name, v.servers]));
    expect(counts).toMatchObject({
      verified: 1,
      // Probed a day before the clock's now.
      reachable: 1,
      "no-critical-advisories": 3,
      "trusted-file": 1,
      zeta: 1,
    });
    expect(views.find((v) => v.name === "zeta")).toMatchObject({
      builtin: false,
      rules: { allow_names: [LOW] },
    });
    expect(next_actions).toEqual([]);
  });
});
