import { createHarness, type Harness } from "@catalog/testing";
import { RegistryRepository, type RegistryListFilter, type RegistryRow } from "./registry.repository.js";

const NS = "io.example";
const OLD = "2025-01-01T00:00:00Z";

/** One stored version; `published` orders a server's versions, `updated` is what updated_since reads. */
type Version = {
  name: string;
  version: string;
  status?: string;
  latest?: boolean;
  published?: string;
  updated?: string;
};

const VERSIONS: Version[] = [
  { name: `${NS}/B`, version: "1.0.0", latest: true },
  { name: `${NS}/a`, version: "0.9.0", status: "deleted", published: "2024-12-01T00:00:00Z" },
  { name: `${NS}/a`, version: "1.0.0", published: "2025-01-01T00:00:00Z" },
  { name: `${NS}/a`, version: "1.2.0", published: "2025-02-01T00:00:00Z", updated: "2025-06-01T00:00:00Z" },
  { name: `${NS}/a`, version: "1.10.0", latest: true, published: "2025-03-01T00:00:00Z" },
  { name: `${NS}/a_b`, version: "1.0.0", latest: true },
  { name: `${NS}/axb`, version: "1.0.0", latest: true },
  { name: `${NS}/gone`, version: "1.0.0", latest: true, status: "deleted" },
];

const key = (r: RegistryRow) => `${r.serverName.slice(NS.length + 1)}@${r.version}`;

describe("RegistryRepository (real PostgreSQL)", () => {
  let h: Harness;
  let repo: RegistryRepository;
  const list = async (filter: Partial<RegistryListFilter>) =>
    (await repo.list({ limit: 100, includeDeleted: false, ...filter })).map(key);
  beforeAll(async () => {
    h = await createHarness();
    repo = new RegistryRepository(h.db.pool);
    const names = [...new Set(VERSIONS.map((v) => v.name))];
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at, categories, quality_label)
       SELECT n, $2, now(), now(), '{weather}', 'good' FROM unnest($1::text[]) AS n`,
      [names, NS],
    );
    const rows = VERSIONS.map((v) => ({
      ...v,
      status: v.status ?? "active",
      latest: v.latest ?? false,
      published: v.published ?? OLD,
      updated: v.updated ?? OLD,
      // Spacing and key order that re-serialising would lose.
      json: `{"version": "${v.version}",  "name": "${v.name}"}`,
    }));
    await h.db.pool.query(
      `INSERT INTO server_versions (server_name, version, server_json, official_meta, status, published_at,
         updated_at, is_latest, content_hash)
       SELECT x.name, x.version, x.json::json, '{}', x.status::"ServerStatus", x.published, x.updated, x.latest, ''
       FROM json_to_recordset($1::json) AS x(name text, version text, json text, status text,
         published timestamptz, updated timestamptz, latest boolean)`,
      [JSON.stringify(rows)],
    );
  });
  afterAll(() => h.close());

  it("lists versions in byte order a page at a time, leaving out deleted ones unless asked", async () => {
    const seen: string[] = [];
    let after: RegistryListFilter["after"];
    for (;;) {
      const page = await repo.list({ limit: 2, includeDeleted: false, after });
      if (page.length === 0) break;
      seen.push(...page.map(key));
      after = { name: page.at(-1)!.serverName, version: page.at(-1)!.version };
    }
    expect(seen).toEqual(["B@1.0.0", "a@1.0.0", "a@1.10.0", "a@1.2.0", "a_b@1.0.0", "axb@1.0.0"]);
    expect(await list({ includeDeleted: true })).toEqual(expect.arrayContaining(["a@0.9.0", "gone@1.0.0"]));
    expect(await list({ latestOnly: true })).toEqual(["B@1.0.0", "a@1.10.0", "a_b@1.0.0", "axb@1.0.0"]);
    expect(await list({ version: "1.2.0" })).toEqual(["a@1.2.0"]);
  });

  it("serves server.json as the stored text, with the server's facts", async () => {
    const [row] = await repo.list({ limit: 1, includeDeleted: false });
    expect(row).toMatchObject({
      serverJson: `{"version": "1.0.0",  "name": "${NS}/B"}`,
      isLatest: true,
      status: "active",
      connectionClass: "unknown",
      trustScore: 0,
    });
  });

  it("searches names for a literal substring, whatever its case", async () => {
    expect(await list({ search: "A_b" })).toEqual(["a_b@1.0.0"]);
    expect(await list({ search: "%" })).toEqual([]);
  });

  it("lists a view: its servers' versions updated since, its newcomers whole, and the latest of those that left", async () => {
    const updatedSince = new Date("2025-05-01T00:00:00Z");
    expect(await list({ updatedSince })).toEqual(["a@1.2.0"]);
    const view = { names: [`${NS}/a`, `${NS}/a_b`], joined: [`${NS}/a_b`], left: [`${NS}/axb`] };
    expect(await list({ ...view, updatedSince })).toEqual(["a@1.2.0", "a_b@1.0.0", "axb@1.0.0"]);
    expect(await list({ names: [`${NS}/a_b`], left: [`${NS}/a`] })).toEqual(["a@1.10.0", "a_b@1.0.0"]);
  });

  it("serves only the pinned version of a pinned server, as its latest", async () => {
    const pins = new Map([[`${NS}/a`, "1.2.0"]]);
    expect(await list({ pins, search: "/a" })).toEqual(["a@1.2.0", "a_b@1.0.0", "axb@1.0.0"]);
    expect(await list({ pins, latestOnly: true })).toEqual(["B@1.0.0", "a@1.2.0", "a_b@1.0.0", "axb@1.0.0"]);
  });

  it("reads a server's versions oldest first, one version, or the latest", async () => {
    expect((await repo.versions(`${NS}/a`, false)).map(key)).toEqual(["a@1.0.0", "a@1.2.0", "a@1.10.0"]);
    expect((await repo.versions(`${NS}/a`, true)).map(key)[0]).toBe("a@0.9.0");
    expect((await repo.version(`${NS}/a`, "latest"))?.version).toBe("1.10.0");
    expect((await repo.version(`${NS}/a`, "1.2.0"))?.isLatest).toBe(false);
    expect(await repo.version(`${NS}/a`, "9.9.9")).toBeUndefined();
  });

  it("adds a server's facts and its first tools by name to a single version", async () => {
    await h.db.pool.query(
      `INSERT INTO tools (server_name, name, input_schema, source, observed_at, definition_hash)
       SELECT $1, n, '{}', 'probe', now(), n FROM unnest(ARRAY['zip', 'add', 'mul']) AS n`,
      [`${NS}/a`],
    );
    const extras = await repo.extras(`${NS}/a`, 2);
    expect(extras).toMatchObject({ categories: ["weather"], qualityScore: null, qualityLabel: "good" });
    expect(extras?.tools.map((t) => t.name)).toEqual(["add", "mul"]);
    expect(await repo.extras(`${NS}/missing`, 2)).toBeNull();
  });
});
