import { RegistryRepository } from "@catalog/db";
import { OFFICIAL_META_KEY } from "@catalog/registry";
import { createHarness, type Harness } from "@catalog/testing";
import { META_CONNECTABILITY, META_TRUST, RegistryService } from "./registry.service.js";

const NS = "io.example";
const A = `${NS}/a`;
const B = `${NS}/b`;
const GONE = `${NS}/gone`;
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
  { name: A, version: "1.0.0", published: "2025-01-01T00:00:00Z" },
  { name: A, version: "1.1.0", published: "2025-02-01T00:00:00Z", updated: "2025-06-01T00:00:00Z" },
  { name: A, version: "2.0.0", latest: true, published: "2025-03-01T00:00:00Z" },
  { name: B, version: "0.9.0", status: "deleted", published: "2024-12-01T00:00:00Z" },
  { name: B, version: "1.0.0", latest: true, published: "2025-01-01T00:00:00Z" },
  { name: GONE, version: "1.0.0", latest: true, status: "deleted", updated: "2025-07-01T00:00:00Z" },
];

type Entry = { server: { name: string; version: string }; _meta: Record<string, Record<string, unknown>> };
type Page = { servers: Entry[]; metadata: { count: number; nextCursor?: string } };

const keys = (body: string) =>
  (JSON.parse(body) as Page).servers.map((e) => `${e.server.name}@${e.server.version}`);
const page = (body: string) => JSON.parse(body) as Page;

describe("RegistryService (real PostgreSQL)", () => {
  let h: Harness;
  let service: RegistryService;
  beforeAll(async () => {
    h = await createHarness();
    service = new RegistryService(new RegistryRepository(h.db.pool));
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at, connection_class, autonomous,
         human_steps, trust_score, trust_flags, categories, quality_score, quality_label, owner)
       SELECT n, $2, now(), now(), 'R0', true, '{"Sign in"}', 70, '{official_repository}', '{weather}', 81, 'good',
         '{"verified":true,"method":"dns","evidence":null,"verified_at":null}'
       FROM unnest($1::text[]) AS n`,
      [[A, B, GONE], NS],
    );
    const rows = VERSIONS.map((v) => ({
      ...v,
      status: v.status ?? "active",
      latest: v.latest ?? false,
      published: v.published ?? OLD,
      updated: v.updated ?? OLD,
      // Spacing and key order that re-serialising would lose.
      json: `{"version": "${v.version}",  "name": "${v.name}"}`,
      meta: JSON.stringify({ publishedAt: v.published ?? OLD, status: "stale", isLatest: "stale" }),
    }));
    await h.db.pool.query(
      `INSERT INTO server_versions (server_name, version, server_json, official_meta, status, published_at,
         updated_at, is_latest, content_hash)
       SELECT x.name, x.version, x.json::json, x.meta::json, x.status::"ServerStatus", x.published, x.updated,
         x.latest, ''
       FROM json_to_recordset($1::json) AS x(name text, version text, json text, meta text, status text,
         published timestamptz, updated timestamptz, latest boolean)`,
      [JSON.stringify(rows)],
    );
    // 101 tools for A: one more than a single version carries inline.
    await h.db.pool.query(
      `INSERT INTO tools (server_name, name, input_schema, source, observed_at, definition_hash)
       SELECT $1, 't' || lpad(i::text, 3, '0'), '{"type":"object"}', 'probe', now(), i::text
       FROM generate_series(1, 101) AS i`,
      [A],
    );
    await h.db.pool.query(
      `INSERT INTO tools (server_name, name, title, description, input_schema, output_schema, annotations,
         source, observed_at, definition_hash)
       VALUES ($1, 'forecast', 'Forecast', 'Weather ahead', '{"type":"object"}', '{"type":"string"}',
         '{"readOnlyHint":true}', 'probe', now(), 'f')`,
      [B],
    );
  });
  afterAll(() => h.close());

  it("pages in (name, version) order, with a next cursor only while more rows follow", async () => {
    const first = page(await service.list({ limit: 2, includeDeleted: false }));
    expect(first.metadata).toEqual({ count: 2, nextCursor: `${A}:1.1.0` });
    const second = await service.list({ limit: 2, includeDeleted: false, cursor: first.metadata.nextCursor });
    expect(keys(second)).toEqual([`${A}@2.0.0`, `${B}@1.0.0`]);
    // Exactly the rows that are left: no cursor to an empty page.
    expect(page(second).metadata).toEqual({ count: 2 });
  });

  it("splices the stored server.json text as it is, beside the catalog's own _meta keys", async () => {
    const body = await service.list({ limit: 1, includeDeleted: false });
    expect(body).toContain(`{"server":{"version": "1.0.0",  "name": "${A}"},"_meta":`);
    expect(page(body).servers[0]!._meta).toEqual({
      // The row's status and latest mark win over what the stored official meta says.
      [OFFICIAL_META_KEY]: { publishedAt: "2025-01-01T00:00:00Z", status: "active", isLatest: false },
      [META_CONNECTABILITY]: { class: "R0", autonomous: true, human_steps: ["Sign in"] },
      [META_TRUST]: { score: 70, flags: ["official_repository"] },
    });
  });

  it("reads version=latest as the latest versions only, another version as that version", async () => {
    const latest = { limit: 10, includeDeleted: false, version: "latest" };
    expect(keys(await service.list(latest))).toEqual([`${A}@2.0.0`, `${B}@1.0.0`]);
    expect(keys(await service.list({ ...latest, includeDeleted: true }))).toEqual([
      `${A}@2.0.0`,
      `${B}@1.0.0`,
      `${GONE}@1.0.0`,
    ]);
    expect(keys(await service.list({ limit: 10, includeDeleted: false, version: "1.0.0" }))).toEqual([
      `${A}@1.0.0`,
      `${B}@1.0.0`,
    ]);
  });

  it("shows deletions to updated_since even when deleted versions were not asked for", async () => {
    const body = await service.list({
      limit: 10,
      includeDeleted: false,
      updatedSince: new Date("2025-05-01T00:00:00Z"),
    });
    expect(keys(body)).toEqual([`${A}@1.1.0`, `${GONE}@1.0.0`]);
    expect(page(body).servers[1]!._meta[OFFICIAL_META_KEY]).toMatchObject({ status: "deleted" });
  });

  it("serves a view: servers that left it as deleted, a pinned version as the latest", async () => {
    const body = await service.list({
      limit: 10,
      includeDeleted: false,
      version: "latest",
      names: [A],
      left: [B],
      pins: new Map([[A, "1.1.0"]]),
    });
    expect(keys(body)).toEqual([`${A}@1.1.0`, `${B}@1.0.0`]);
    const [pinned, left] = page(body).servers.map((e) => e._meta[OFFICIAL_META_KEY]);
    expect(pinned).toMatchObject({ status: "active", isLatest: true });
    expect(left).toMatchObject({ status: "deleted", isLatest: true });
  });

  it("serves as listable only entries with a name, a description and a version (VS Code drops the rest)", async () => {
    const KEPT = `${NS}/kept`;
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at) VALUES ($1, $2, now(), now())`,
      [KEPT, NS],
    );
    const versions = [
      { version: "1.0.0", description: "Kept", published: "2025-01-01T00:00:00Z", latest: false },
      { version: "1.1.0", description: "", published: "2025-02-01T00:00:00Z", latest: false },
      { version: "2.0.0", description: "Kept", published: "2025-03-01T00:00:00Z", latest: true },
    ];
    await h.db.pool.query(
      `INSERT INTO server_versions (server_name, version, server_json, official_meta, status, published_at,
         updated_at, is_latest, content_hash)
       SELECT $1, x.version, json_build_object('name', $1::text, 'description', x.description, 'version', x.version),
         '{}', 'active', x.published, now(), x.latest, ''
       FROM json_to_recordset($2::json) AS x(version text, description text, published timestamptz, latest boolean)`,
      [KEPT, JSON.stringify(versions)],
    );
    const view = { limit: 10, includeDeleted: false, names: [A, KEPT], listable: true };
    // A's entries have no description: a view leaves them out, the whole registry does not.
    expect(keys(await service.list(view))).toEqual([`${KEPT}@1.0.0`, `${KEPT}@2.0.0`]);
    expect(keys(await service.list({ ...view, listable: false }))).toContain(`${A}@2.0.0`);
    expect(keys((await service.versions(KEPT, false, undefined, true))!)).toEqual([
      `${KEPT}@1.0.0`,
      `${KEPT}@2.0.0`,
    ]);
    expect(await service.versions(A, false, undefined, true)).toBeNull();
    expect(await service.version(A, "latest", undefined, true)).toBeNull();
    expect(await service.version(KEPT, "1.1.0", undefined, true)).toBeNull();
    expect(await service.version(KEPT, "1.1.0")).not.toBeNull();
    await h.db.pool.query(`DELETE FROM server_versions WHERE server_name = $1`, [KEPT]);
    await h.db.pool.query(`DELETE FROM servers WHERE name = $1`, [KEPT]);
  });

  it("lists a server's versions oldest first, or only the pinned one as latest; null when none", async () => {
    const all = await service.versions(A, false);
    expect(keys(all!)).toEqual([`${A}@1.0.0`, `${A}@1.1.0`, `${A}@2.0.0`]);
    expect(page(all!).metadata).toEqual({ count: 3 });
    expect(keys((await service.versions(B, true))!)).toEqual([`${B}@0.9.0`, `${B}@1.0.0`]);

    const pinned = page((await service.versions(A, false, "1.0.0"))!);
    expect(pinned.metadata).toEqual({ count: 1 });
    expect(pinned.servers[0]!._meta[OFFICIAL_META_KEY]).toMatchObject({ isLatest: true });

    expect(await service.versions(A, false, "9.9.9")).toBeNull();
    expect(await service.versions(GONE, false)).toBeNull();
    expect(await service.versions(`${NS}/missing`, true)).toBeNull();
  });

  it("gives one version the catalog's full keys, its tools inline up to the limit", async () => {
    const one = JSON.parse((await service.version(A, "latest"))!) as Entry;
    expect(one.server.version).toBe("2.0.0");
    expect(one._meta).toMatchObject({
      "dev.service/identity": { verified: true, method: "dns" },
      "dev.service/categories": ["weather"],
      "dev.service/quality": { score: 81, label: "good" },
      "dev.service/tools_truncated": true,
    });
    const tools = one._meta["dev.service/tools"] as unknown as { name: string }[];
    expect(tools).toHaveLength(100);
    expect(tools.at(-1)!.name).toBe("t100");

    const b = JSON.parse((await service.version(B, "1.0.0"))!) as Entry;
    expect(b._meta).not.toHaveProperty("dev.service/tools_truncated");
    expect(b._meta["dev.service/tools"]).toEqual([
      {
        name: "forecast",
        title: "Forecast",
        description: "Weather ahead",
        input_schema: { type: "object" },
        output_schema: { type: "string" },
        annotations: { readOnlyHint: true },
      },
    ]);
    // No title: the key is left out; no output schema: null.
    expect((tools[0] as Record<string, unknown>).title).toBeUndefined();
    expect((tools[0] as Record<string, unknown>).output_schema).toBeNull();
  });

  it("answers a pinned server's single version only at its pin (or latest), as the latest", async () => {
    const latest = JSON.parse((await service.version(A, "latest", "1.0.0"))!) as Entry;
    expect(latest.server.version).toBe("1.0.0");
    expect(latest._meta[OFFICIAL_META_KEY]).toMatchObject({ isLatest: true });
    expect(JSON.parse((await service.version(A, "1.0.0", "1.0.0"))!)).toMatchObject({
      server: { version: "1.0.0" },
    });
    expect(await service.version(A, "2.0.0", "1.0.0")).toBeNull();
    expect(await service.version(A, "9.9.9")).toBeNull();
    expect(await service.version(`${NS}/missing`, "latest")).toBeNull();
  });
});
