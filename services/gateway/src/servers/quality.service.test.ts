import { ServerReadRepository } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { QualityService } from "./quality.service.js";

const REMOTE = "io.example/remote";
const PACKAGED = "com.example/packaged";
const OWNER = {
  verified: true,
  method: "repository_owner",
  evidence: { repository: "https://github.com/example/packaged" },
  verified_at: "2026-03-01T00:00:00.000Z",
};

describe("QualityService (real PostgreSQL)", () => {
  let h: Harness;
  let service: QualityService;
  const sql = (text: string, values: unknown[] = []) => h.db.pool.query(text, values);
  const addServer = async (name: string, serverJson: object, columns: Record<string, unknown>) => {
    await sql(
      `INSERT INTO servers (name, namespace, latest_version, description, first_published_at, updated_at,
         quality_score, quality_label, quality_checks, quality_assessed_at, owner)
       VALUES ($1, split_part($1, '/', 1), '1.0.0', '', now(), now(), $2, $3, $4, $5, $6)`,
      [
        name,
        columns.score ?? null,
        columns.label ?? "unrated",
        JSON.stringify(columns.checks ?? []),
        columns.assessedAt ?? null,
        JSON.stringify(columns.owner ?? { verified: false, method: null, evidence: null, verified_at: null }),
      ],
    );
    await sql(
      `INSERT INTO server_versions (server_name, version, server_json, official_meta, status, published_at,
         updated_at, is_latest, content_hash)
       VALUES ($1, '1.0.0', $2, '{}', 'active', now(), now(), true, $1)`,
      [name, JSON.stringify({ name, version: "1.0.0", ...serverJson })],
    );
  };
  const addHistory = (name: string, days: [string, number | null, string][]) =>
    sql(
      `INSERT INTO quality_scores (server_name, day, score, label)
       SELECT $1, d::date, s, l FROM unnest($2::text[], $3::int[], $4::text[]) AS x(d, s, l)`,
      [name, days.map((d) => d[0]), days.map((d) => d[1]), days.map((d) => d[2])],
    );

  beforeAll(async () => {
    h = await createHarness();
    service = new QualityService(new ServerReadRepository(h.db.pool), () => new Date("2026-03-10T15:00:00Z"));
    await addServer(
      REMOTE,
      {
        remotes: [
          { type: "streamable-http", url: "https://{tenant}.example/mcp" },
          { type: "sse", url: "https://remote.example/sse" },
        ],
      },
      {
        score: 88,
        label: "excellent",
        checks: [
          { id: "description_present", status: "pass", weight: 10, detail: "Has a description" },
          { id: "not_a_check", status: "pass", weight: 1, detail: "unreadable: left out" },
        ],
        assessedAt: "2026-03-10T06:00:00Z",
      },
    );
    await addServer(
      PACKAGED,
      { packages: [{ registryType: "npm", identifier: "packaged", version: "1.0.0" }] },
      { score: 72, label: "legacy-label", owner: OWNER },
    );
    await sql(`INSERT INTO blocklist (name, reason, created_by) VALUES ('io.example/*', 'abuse', 'ops')`);
    await addHistory(REMOTE, [
      ["2026-03-07", 10, "poor"],
      ["2026-03-08", 60, "fair"],
      ["2026-03-09", 90, "renamed-label"],
      ["2026-03-10", null, "unrated"],
    ]);
  });
  afterAll(() => h.close());

  it("answers the quality block with the days of history asked for, today included", async () => {
    const outcome = await service.quality(REMOTE, 3);
    expect(outcome).toEqual({
      ok: true,
      body: {
        server: REMOTE,
        score: 88,
        label: "excellent",
        checks: [{ id: "description_present", status: "pass", weight: 10, detail: "Has a description" }],
        assessed_at: "2026-03-10T06:00:00.000Z",
        days: 3,
        history: [
          { day: "2026-03-08", score: 60, label: "fair" },
          // A label the API does not know is derived from the score again.
          { day: "2026-03-09", score: 90, label: "excellent" },
          { day: "2026-03-10", score: null, label: "unrated" },
        ],
        blocked: true,
        owner: { verified: false, method: null, evidence: null, verified_at: null },
        next_actions: [
          expect.objectContaining({
            action: "check_server",
            arguments: { url: "https://remote.example/sse" },
          }),
        ],
      },
    });
    const today = await service.quality(REMOTE, 1);
    expect(today.ok && today.body.history.map((d) => d.day)).toEqual(["2026-03-10"]);
  });

  it("derives an unknown stored label from the score, and points a package-only server to its descriptor", async () => {
    const outcome = await service.quality(PACKAGED, 30);
    expect(outcome).toMatchObject({
      ok: true,
      body: {
        server: PACKAGED,
        score: 72,
        label: "good",
        checks: [],
        assessed_at: null,
        history: [],
        blocked: false,
        owner: OWNER,
        next_actions: [expect.objectContaining({ action: "get_server", arguments: { name: PACKAGED } })],
      },
    });
  });

  it("answers 404 server_not_found, with a search to try instead, for an unknown or malformed name", async () => {
    for (const [name, q] of [
      ["io.example/missing", "example missing"],
      ["not a server name", "not server name"],
    ]) {
      expect(await service.quality(name!, 7)).toEqual({
        ok: false,
        status: 404,
        error: "server_not_found",
        details: {},
        nextActions: [expect.objectContaining({ action: "search", arguments: { q } })],
      });
    }
  });
});
