import { createHarness, type Harness } from "@catalog/testing";
import { ServerReadRepository } from "./server-read.repository.js";

const NAME = "io.example/weather";

describe("ServerReadRepository (real PostgreSQL)", () => {
  let h: Harness;
  let repo: ServerReadRepository;
  const sql = (text: string, values: unknown[] = []) => h.db.pool.query(text, values);
  beforeAll(async () => {
    h = await createHarness();
    repo = new ServerReadRepository(h.db.pool);
    await sql(
      `INSERT INTO servers (name, namespace, latest_version, description, first_published_at, updated_at)
       VALUES ($1, 'io.example', '1.1.0', 'Weather', now(), now()),
              ('io.example/sibling', 'io.example', NULL, 'Sibling', now(), now()),
              ('com.other/free', 'com.other', NULL, '', now(), now())`,
      [NAME],
    );
  });
  afterAll(() => h.close());

  it("reads a server with its latest version and the blocklist entry that covers it, its own before its namespace's", async () => {
    await sql(
      `INSERT INTO server_versions (server_name, version, server_json, official_meta, status, published_at,
         updated_at, is_latest, content_hash)
       SELECT $1, v, json_build_object('name', $1::text, 'version', v), '{}', 'active', p, p, v = '1.1.0', v
       FROM (VALUES ('1.0.0', timestamptz '2025-01-01Z'), ('1.1.0', timestamptz '2025-02-01Z')) AS x(v, p)`,
      [NAME],
    );
    await sql(
      `INSERT INTO blocklist (name, reason, created_by)
       VALUES ('io.example/*', 'whole namespace', 'ops'), ($1, 'this server', 'ops')`,
      [NAME],
    );
    expect(await repo.server(NAME)).toMatchObject({
      latestVersion: "1.1.0",
      serverJson: { name: NAME, version: "1.1.0" },
      publishedAt: new Date("2025-02-01Z"),
      blockedReason: "this server",
    });
    // No stored version: the server's own name and description stand in for its server.json.
    expect(await repo.server("io.example/sibling")).toMatchObject({
      serverJson: { name: "io.example/sibling", description: "Sibling", version: "" },
      publishedAt: null,
      blockedReason: "whole namespace",
    });
    expect((await repo.server("com.other/free"))?.blockedReason).toBeNull();
    expect(await repo.server("io.example/missing")).toBeNull();
  });

  it("pages the current tools in byte order, with schemas only when asked", async () => {
    await sql(
      `INSERT INTO tools (server_name, name, input_schema, source, observed_at, definition_hash)
       SELECT $1, n, '{"type":"object","properties":{}}', 'probe', now(), n FROM unnest(ARRAY['b', 'a', 'C']) AS n`,
      [NAME],
    );
    const first = await repo.tools(NAME, { limit: 2, schemas: false });
    expect(first.map((t) => t.name)).toEqual(["C", "a"]);
    expect(first[0]).not.toHaveProperty("inputSchema");
    const rest = await repo.tools(NAME, { after: "a", schemas: true });
    expect(rest).toEqual([
      expect.objectContaining({
        name: "b",
        inputSchema: { type: "object", properties: {} },
        outputSchema: null,
        annotations: {},
      }),
    ]);
    expect(await repo.tools("io.example/missing", { schemas: false })).toEqual([]);
  });

  it("pages tool changes newest first, ties by id, resuming strictly before a microsecond position", async () => {
    await sql(
      `INSERT INTO tool_changes (server_name, tool, kind, observed_at)
       VALUES ($1, 'old', 'added', '2025-01-01T00:00:00.000001Z'),
              ($1, 'first', 'added', '2025-01-02T00:00:00.123456Z'),
              ($1, 'second', 'changed', '2025-01-02T00:00:00.123456Z')`,
      [NAME],
    );
    const seen: string[] = [];
    let before: { observedAt: string; id: string } | undefined;
    for (;;) {
      const [change] = await repo.toolChanges(NAME, 1, before);
      if (!change) break;
      seen.push(change.tool);
      before = { observedAt: change.position, id: change.id };
    }
    expect(seen).toEqual(["second", "first", "old"]);
    expect(before?.observedAt).toBe("2025-01-01T00:00:00.000001Z");
  });

  it("reads the newest probe of each URL, quality days from a date, and dependency reports newest first", async () => {
    await sql(
      `INSERT INTO probes (server_name, url, outcome, auth_required, result, started_at, finished_at)
       VALUES ($1, 'https://a.example/mcp', 'ok', false, '{}', '2025-01-01Z', '2025-01-01Z'),
              ($1, 'https://a.example/mcp', 'timeout', false, '{}', '2025-01-03Z', '2025-01-03Z'),
              ($1, 'https://b.example/mcp', 'auth_required', true, '{}', '2025-01-02Z', '2025-01-02Z')`,
      [NAME],
    );
    expect((await repo.latestProbes(NAME)).map((p) => [p.url, p.outcome, p.authRequired])).toEqual([
      ["https://a.example/mcp", "timeout", false],
      ["https://b.example/mcp", "auth_required", true],
    ]);

    await sql(
      `INSERT INTO quality_scores (server_name, day, score, label)
       VALUES ($1, '2025-01-03', NULL, 'unrated'), ($1, '2025-01-01', 50, 'fair'), ($1, '2025-01-02', 60, 'fair')`,
      [NAME],
    );
    expect(await repo.qualityHistory(NAME, "2025-01-02")).toEqual([
      { day: "2025-01-02", score: 60, label: "fair" },
      { day: "2025-01-03", score: null, label: "unrated" },
    ]);

    const { rows } = await sql(
      `INSERT INTO dependency_reports (server_name, ecosystem, package_name, version, status, resolved_at)
       VALUES ($1, 'npm', 'pending', '1', 'pending', NULL), ($1, 'npm', 'old', '1', 'resolved', '2025-01-01Z'),
              ($1, 'npm', 'new', '1', 'resolved', '2025-01-02Z')
       RETURNING id, package_name`,
      [NAME],
    );
    const newId = rows.find((r) => r.package_name === "new").id;
    await sql(
      `INSERT INTO advisories (report_id, osv_id, severity, summary, package_name, version, relation, url)
       VALUES ($1, 'GHSA-b', 'high', 'B', 'dep', '1', 'direct', 'u'), ($1, 'GHSA-a', 'low', 'A', 'dep', '1', 'indirect', 'u')`,
      [newId],
    );
    const reports = await repo.dependencyReports(NAME);
    expect(reports.map((r) => [r.packageName, r.advisories.map((a) => a.osvId)])).toEqual([
      ["new", ["GHSA-a", "GHSA-b"]],
      ["old", []],
      ["pending", []],
    ]);
  });
});
