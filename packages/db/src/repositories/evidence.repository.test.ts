import { createHarness, type Harness } from "@catalog/testing";
import type { Tx } from "./catalog.repository.js";
import { EvidenceRepository, type RemoteProbes } from "./evidence.repository.js";

const NAME = "io.example/weather";
const A = "https://a.example/mcp";
const B = "https://b.example/mcp";
const C = "https://c.example/mcp";
const day = (d: number) => new Date(Date.UTC(2026, 0, d));

describe("EvidenceRepository (real PostgreSQL)", () => {
  let h: Harness;
  const repo = new EvidenceRepository();
  const inTx = <T>(fn: (tx: Tx) => Promise<T>) => h.db.prisma.$transaction(fn);
  const sql = (text: string, values: unknown[] = []) => h.db.pool.query(text, values);
  beforeAll(async () => {
    h = await createHarness();
    await sql(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at, categories, categories_basis)
       VALUES ($1, 'io.example', now(), now(), '{weather}', 'basis 1'),
              ('io.example/sibling', 'io.example', now(), now(), '{}', NULL)`,
      [NAME],
    );
    const probes: [url: string, outcome: string, scheduled: boolean, on: number][] = [
      // A: answered on day 1, failed since (day 0 before the answer; day 3 not on schedule).
      [A, "timeout", true, 0],
      [A, "ok", true, 1],
      [A, "timeout", true, 2],
      [A, "error", false, 3],
      [A, "timeout", true, 4],
      // B: answers now. C: never answered.
      [B, "auth_required", true, 1],
      [B, "ok", true, 2],
      [C, "timeout", true, 1],
      [C, "timeout", true, 2],
    ];
    await sql(
      `INSERT INTO probes (server_name, url, outcome, scheduled, result, started_at, finished_at)
       SELECT $1, url, outcome, scheduled, '{}', at, at
       FROM unnest($2::text[], $3::text[], $4::bool[], $5::timestamptz[]) AS p(url, outcome, scheduled, at)`,
      [NAME, ...[0, 1, 2].map((i) => probes.map((p) => p[i])), probes.map((p) => day(p[3]))],
    );
  });
  afterAll(() => h.close());

  const load = (name: string, packages: { ecosystem: string; name: string; version: string }[] = []) =>
    inTx((tx) => repo.load(tx, name, "io.example", packages, day(2)));

  it("judges each remote by its latest probe, its last answer and the scheduled failures since", async () => {
    const summary = (p: RemoteProbes) => [
      p.latest.url,
      p.latest.outcome,
      p.lastAnswer?.outcome ?? null,
      p.failures,
    ];
    expect((await load(NAME))!.probes.map(summary)).toEqual([
      [A, "timeout", "ok", 2],
      [B, "ok", null, 0],
      [C, "timeout", null, 2],
    ]);
    const stability = (url: string, since: number) => inTx((tx) => repo.stability(tx, NAME, url, day(since)));
    expect(await stability(A, 1)).toEqual({ successful: 1, total: 3 });
    expect(await stability(A, 2)).toEqual({ successful: 0, total: 2 });
    expect(await stability("https://unknown.example", 0)).toEqual({ successful: 0, total: 0 });
  });

  it("reads the reports of exactly the declared package versions, and the rest of the evidence", async () => {
    const { rows } = await sql(
      `INSERT INTO dependency_reports (server_name, ecosystem, package_name, version, status)
       VALUES ($1, 'npm', 'lib', '1.0.0', 'resolved'), ($1, 'npm', 'lib', '2.0.0', 'resolved'),
              ($1, 'pypi', 'other', '1.0.0', 'incomplete')
       RETURNING id`,
      [NAME],
    );
    // The same advisory through both declared packages counts once; the undeclared one's not at all.
    await sql(
      `INSERT INTO advisories (report_id, osv_id, severity, summary, package_name, version, relation, url)
       SELECT r, o, 'high', '', 'dep', '1', 'direct', '' FROM unnest($1::bigint[], $2::text[]) AS a(r, o)`,
      [
        [rows[0].id, rows[2].id, rows[1].id],
        ["GHSA-shared", "GHSA-shared", "GHSA-undeclared"],
      ],
    );
    await sql(
      `INSERT INTO tools (server_name, name, input_schema, source, observed_at, definition_hash)
       SELECT $1, n, '{}', 'probe', now(), n FROM unnest(ARRAY['zip', 'add']) AS n`,
      [NAME],
    );
    await sql(
      `INSERT INTO tool_changes (server_name, tool, kind, observed_at)
       VALUES ($1, 'before', 'added', $2), ($1, 'zip', 'added', $3), ($1, 'add', 'changed', $4)`,
      [NAME, day(1), day(2), day(3)],
    );
    await sql(
      `INSERT INTO blocklist (name, reason, created_by) VALUES ('io.example/*', 'namespace', 'ops'), ($1, 'own', 'ops')`,
      [NAME],
    );
    const evidence = await load(NAME, [
      { ecosystem: "npm", name: "lib", version: "1.0.0" },
      { ecosystem: "pypi", name: "other", version: "1.0.0" },
      { ecosystem: "npm", name: "unreported", version: "1.0.0" },
    ]);
    expect(evidence).toMatchObject({
      reports: [
        { ecosystem: "npm", packageName: "lib", version: "1.0.0", status: "resolved", mcpSdk: null },
        { ecosystem: "pypi", packageName: "other", version: "1.0.0", status: "incomplete" },
      ],
      advisories: [{ id: "GHSA-shared", severity: "high", package: "dep", version: "1" }],
      tools: [{ name: "add" }, { name: "zip" }],
      toolChanges: [
        { tool: "add", kind: "changed", observedAt: day(3) },
        { tool: "zip", kind: "added", observedAt: day(2) },
      ],
      blocked: { entry: NAME, reason: "own" },
      previous: { owner: { verified: false }, categories: ["weather"], categoriesBasis: "basis 1" },
    });
    expect((await load("io.example/sibling"))?.blocked).toEqual({
      entry: "io.example/*",
      reason: "namespace",
    });
    expect(await load("io.example/missing")).toBeNull();
  });
});
