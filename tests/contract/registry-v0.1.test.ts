import type { Worker } from "bullmq";
import { readFileSync } from "node:fs";
import { loadConfig } from "@catalog/config";
import { createApp } from "../../services/gateway/src/app.js";
import { SearchClient } from "../../services/gateway/src/search/search-client.js";
import { compareNameVersion, entryHash, parseRegistryDocument, type RegistryEntry } from "@catalog/registry";
import { sharedData, SNAPSHOT_2025_12_18, waitForIdle, type Harness } from "@catalog/testing";
import { catalogWorker, snapshotHarness } from "../support/catalog.js";
import { listen } from "../support/http.js";

const OFFICIAL = "io.modelcontextprotocol.registry/official";

/** Entries the snapshot lacks: deleted and deprecated versions, names with LIKE wildcards. */
function fixture(
  name: string,
  version: string,
  status: string,
  publishedAt: string,
  isLatest = true,
): RegistryEntry {
  return {
    server: {
      $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
      name,
      description: "fixture",
      version,
    },
    _meta: { [OFFICIAL]: { status, publishedAt, updatedAt: publishedAt, isLatest } },
  } as unknown as RegistryEntry;
}

const FIXTURES = [
  fixture("io.test/gone", "1.0.0", "deleted", "2025-12-19T00:00:00Z"),
  fixture("io.test/old-news", "1.0.0", "deprecated", "2025-12-19T00:00:01Z"),
  fixture("io.test/under_score", "1.0.0", "active", "2025-12-19T00:00:02Z"),
  fixture("io.test/underxscore", "1.0.0", "active", "2025-12-19T00:00:03Z"),
  fixture("io.test/versions", "1.0.0", "active", "2025-12-19T00:00:04Z", false),
  fixture("io.test/versions", "2.0.0", "active", "2025-12-19T00:00:05Z", false),
  fixture("io.test/versions", "10.0.0", "active", "2025-12-19T00:00:06Z", true),
];

type ListBody = {
  servers: { server: { name: string; version: string }; _meta: Record<string, unknown> }[];
  metadata: { count: number; nextCursor?: string };
};

describe("GET /v0.1 (registry passthrough)", () => {
  let h: Harness;
  let worker: Worker;
  let server: { url: string; close: () => Promise<void> };
  let snapshot: RegistryEntry[];
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers });
  const json = async <T = ListBody>(path: string): Promise<T> => {
    const res = await get(path);
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    h = await snapshotHarness();
    worker = catalogWorker(h);
    await h.bus.addBulk(
      "catalog",
      "upsert-version",
      FIXTURES.map((entry) => ({
        data: { entry, hash: entryHash(entry.server, entry._meta[OFFICIAL]), source: "import" as const },
      })),
    );
    await waitForIdle(h.bus, ["catalog"]);
    snapshot = parseRegistryDocument(readFileSync(sharedData(SNAPSHOT_2025_12_18), "utf8")).entries;
    server = await listen(
      createApp({
        db: h.db,
        bus: h.bus,
        search: new SearchClient("http://127.0.0.1:9"),
        log: h.log,
        // Pages through the whole registry: far more than the 20 anonymous requests a minute.
        config: loadConfig({ ...h.env, RATE_LIMIT_ENABLED: "false" }),
      }),
    );
  }, 300_000); // the first run builds the snapshot template (a full mirror)
  afterAll(async () => {
    await server.close();
    await worker.close();
    await h.close();
  });

  it("pages through every version exactly once, in the official order, with limit 100", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const body = await json(
        `/v0.1/servers?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(body.metadata.count).toBe(body.servers.length);
      seen.push(...body.servers.map((e) => `${e.server.name}:${e.server.version}`));
      cursor = body.metadata.nextCursor;
      pages++;
    } while (cursor);
    const expected = [...snapshot, ...FIXTURES]
      .filter((e) => (e._meta[OFFICIAL] as { status: string }).status !== "deleted")
      .map((e) => ({ name: e.server.name, version: e.server.version }))
      .sort(compareNameVersion)
      .map((e) => `${e.name}:${e.version}`);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBe(Math.ceil(expected.length / 100));
  });

  it("defaults to 30 per page and points at the next page with a <name>:<version> cursor", async () => {
    const body = await json("/v0.1/servers");
    expect(body.servers).toHaveLength(30);
    const last = body.servers[29]!.server;
    expect(body.metadata.nextCursor).toBe(`${last.name}:${last.version}`);
  });

  it("serves server.json as upstream sent it, with the catalog's _meta keys beside the official one", async () => {
    const body = await json("/v0.1/servers?limit=1");
    const entry = body.servers[0]!;
    const original = snapshot.find(
      (e) => e.server.name === entry.server.name && e.server.version === entry.server.version,
    )!;
    expect(JSON.stringify(entry.server)).toBe(JSON.stringify(original.server));
    expect(Object.keys(entry._meta)).toEqual([OFFICIAL, "dev.service/connectability", "dev.service/trust"]);
    expect(entry._meta["dev.service/connectability"]).toEqual({
      class: expect.stringMatching(/^(R0|R1|R2|L0|unknown)$/),
      autonomous: expect.any(Boolean),
      human_steps: expect.any(Array),
    });
    expect(entry._meta["dev.service/trust"]).toEqual({ score: expect.any(Number), flags: expect.any(Array) });
  });

  it("takes a cursor without a colon as a name only", async () => {
    const body = await json("/v0.1/servers?limit=3&cursor=io.test/versions");
    expect(body.servers.map((e) => e.server.version)).toEqual(["1.0.0", "10.0.0", "2.0.0"]);
  });

  it("answers 422 problems for a limit out of range or not a number", async () => {
    for (const limit of ["0", "101", "abc", "-1"]) {
      const res = await get(`/v0.1/servers?limit=${limit}`);
      expect(res.status).toBe(422);
      expect(res.headers.get("content-type")).toMatch(/application\/problem\+json/);
      const body = (await res.json()) as { errors: { location: string; value: string }[] };
      expect(body).toMatchObject({ title: "Unprocessable Entity", status: 422, detail: "validation failed" });
      expect(body.errors[0]).toMatchObject({ location: "query.limit", value: limit });
    }
    expect((await json("/v0.1/servers?limit=100")).servers).toHaveLength(100);
  });

  it("filters updated_since strictly after, showing deletions; rejects bad timestamps", async () => {
    const body = await json(`/v0.1/servers?updated_since=${encodeURIComponent("2025-12-19T00:00:02Z")}`);
    expect(body.servers.map((e) => `${e.server.name}:${e.server.version}`)).toEqual([
      "io.test/underxscore:1.0.0",
      "io.test/versions:1.0.0",
      "io.test/versions:10.0.0",
      "io.test/versions:2.0.0",
    ]);
    const withDeleted = await json(`/v0.1/servers?updated_since=2025-12-18T23:59:59Z`);
    expect(withDeleted.servers.map((e) => e.server.name)).toContain("io.test/gone");
    const bad = await get("/v0.1/servers?updated_since=yesterday");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toMatch(/Invalid updated_since format/);
    const conflict = await get("/v0.1/servers?updated_since=2025-12-18T00:00:00Z&include_deleted=false");
    expect(conflict.status).toBe(400);
  });

  it("hides deleted versions unless include_deleted=true; lists deprecated ones", async () => {
    const names = async (q: string) =>
      (await json(`/v0.1/servers?search=io.test&limit=100${q}`)).servers.map((e) => e.server.name);
    expect(await names("")).not.toContain("io.test/gone");
    expect(await names("")).toContain("io.test/old-news");
    expect(await names("&include_deleted=true")).toContain("io.test/gone");
    expect((await get("/v0.1/servers?include_deleted=maybe")).status).toBe(422);
  });

  it("searches names by substring with % and _ taken literally", async () => {
    const names = async (term: string) =>
      (await json(`/v0.1/servers?limit=100&search=${encodeURIComponent(term)}`)).servers.map(
        (e) => e.server.name,
      );
    expect(await names("under_score")).toEqual(["io.test/under_score"]);
    expect(await names("under%score")).toEqual([]);
    expect(await names("UNDERXSCORE")).toEqual(["io.test/underxscore"]);
  });

  it("restricts to latest versions or one exact version", async () => {
    let total = 0;
    let cursor: string | undefined;
    do {
      const body = await json(
        `/v0.1/servers?version=latest&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      for (const e of body.servers) expect((e._meta[OFFICIAL] as { isLatest: boolean }).isLatest).toBe(true);
      total += body.servers.length;
      cursor = body.metadata.nextCursor;
    } while (cursor);
    expect(total).toBe(1108 + 4); // the deleted fixture is hidden
    const exact = await json("/v0.1/servers?version=2.0.0&search=io.test");
    expect(exact.servers.map((e) => e.server.name)).toEqual(["io.test/versions"]);
  });

  it("lists a server's versions oldest first, with the name's slash literal or encoded", async () => {
    for (const path of [
      "/v0.1/servers/io.test/versions/versions",
      "/v0.1/servers/io.test%2Fversions/versions",
    ]) {
      const body = await json(path);
      expect(body.servers.map((e) => e.server.version)).toEqual(["1.0.0", "2.0.0", "10.0.0"]);
      expect(body.metadata).toEqual({ count: 3 });
    }
    expect((await json("/v0.1/servers/io.test/gone/versions?include_deleted=true")).servers).toHaveLength(1);
    const missing = await get("/v0.1/servers/io.test/gone/versions");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ title: "Not Found", status: 404, detail: "Server not found" });
  });

  it("fetches one version, or the latest, with the full set of catalog keys", async () => {
    const latest = await json<ListBody["servers"][number]>(
      "/v0.1/servers/io.test%2Fversions/versions/latest",
    );
    expect(latest.server.version).toBe("10.0.0");
    const old = await json<ListBody["servers"][number]>("/v0.1/servers/io.test/versions/versions/1.0.0");
    expect(old.server.version).toBe("1.0.0");
    expect((old._meta[OFFICIAL] as { isLatest: boolean }).isLatest).toBe(false);
    expect(Object.keys(old._meta)).toEqual(
      expect.arrayContaining([
        "dev.service/connectability",
        "dev.service/trust",
        "dev.service/identity",
        "dev.service/categories",
        "dev.service/quality",
        "dev.service/tools",
      ]),
    );
    expect((await get("/v0.1/servers/io.test/versions/versions/9.9.9")).status).toBe(404);
    expect((await get("/v0.1/servers/io.test/nope/versions/latest")).status).toBe(404);
    expect((await get("/v0.1/servers/io.test%E0%A4%A/versions")).status).toBe(400);
  });

  it("marks the version that upstream made latest, even when its number sorts lower", async () => {
    const body = await json("/v0.1/servers?search=io.test/versions&version=latest");
    expect(body.servers.map((e) => e.server.version)).toEqual(["10.0.0"]);
  });

  it("is cacheable for 300 s with a weak ETag and answers 304 to a matching If-None-Match", async () => {
    const res = await get("/v0.1/servers?limit=5");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300, stale-while-revalidate=600");
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^W\//);
    // fetch adds "cache-control: no-cache" to conditional requests unless one is given; browsers
    // revalidate with max-age=0.
    const again = await get("/v0.1/servers?limit=5", {
      "if-none-match": etag!,
      "cache-control": "max-age=0",
    });
    expect(again.status).toBe(304);
    const error = await get("/v0.1/servers?limit=0");
    expect(error.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 404 not_found with next_actions outside the documented routes", async () => {
    for (const path of ["/v0.1/publish", "/v0.1/servers/io.test/versions/tools", "/nowhere"]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { error: string; next_actions: unknown[] };
      expect(body.error).toBe("not_found");
      expect(body.next_actions[0]).toMatchObject({ action: "search", arguments: { q: expect.any(String) } });
    }
  });

  it("reports health without caching", async () => {
    const res = await get("/healthz");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toMatchObject({ ok: true, search: "keyword", mcp: "/mcp" });
  });
});
