import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ViewsBodySchema } from "@catalog/contracts";
import { createHarness, type Harness } from "@catalog/testing";
import { registryEntry, seedCatalog, startGateway, type Gateway } from "../support/read-api.js";

/**
 * GET /v1/views over servers whose facts are set by hand: a verified owner reachable yesterday,
 * one with a critical advisory, one probed a month ago with a failing answer since, and an
 * operator's view from VIEWS_FILE. Each count is what the view's rules say of these servers.
 */
const VERIFIED = "io.github.acme/weather";
const ADVISED = "io.github.acme/files";
const STALE = "com.example/notes";

let h: Harness;
let api: Gateway;

async function probe(server: string, outcome: string, daysAgo: number): Promise<void> {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await h.db.pool.query(
    `INSERT INTO probes (server_name, url, scheduled, outcome, result, started_at, finished_at)
     VALUES ($1, 'https://mcp.example/mcp', true, $2, '{}', $3, $3)`,
    [server, outcome, at],
  );
}

beforeAll(async () => {
  h = await createHarness();
  await seedCatalog(
    h,
    [VERIFIED, ADVISED, STALE].map((name) => registryEntry({ name, description: name })),
  );
  await h.db.pool.query(
    `UPDATE servers SET owner = '{"verified": true, "method": "repository_owner", "evidence": null, "verified_at": null}',
       trust_score = 80 WHERE name = $1`,
    [VERIFIED],
  );
  await probe(VERIFIED, "ok", 1);
  await probe(STALE, "auth_required", 30);
  await probe(STALE, "timeout", 1);
  const { rows } = await h.db.pool.query(
    `INSERT INTO dependency_reports (server_name, ecosystem, package_name, version, status)
     VALUES ($1, 'npm', '@acme/files', '1.0.0', 'resolved') RETURNING id`,
    [ADVISED],
  );
  await h.db.pool.query(
    `INSERT INTO advisories (report_id, osv_id, severity, summary, package_name, version, relation, url)
     VALUES ($1, 'GHSA-xxxx', 'critical', 'Path traversal', 'tar', '4.0.0', 'indirect', 'https://osv.dev/GHSA-xxxx')`,
    [rows[0].id],
  );
  const dir = mkdtempSync(path.join(tmpdir(), "views-"));
  const file = path.join(dir, "views.yaml");
  writeFileSync(
    file,
    `views:
  - name: acme
    title: Acme's servers, trusted
    description: Acme's namespace at trust 60 or more, and one pinned outsider.
    rules: { allow_names: ["io.github.acme/*"], min_trust: 60, pinned: ["${STALE}"] }
`,
  );
  api = await startGateway(h, { VIEWS_FILE: file });
});
afterAll(async () => {
  await api?.close();
  await h?.close();
});

describe("GET /v1/views", () => {
  it("lists every view with its rules and the servers it holds now", async () => {
    const { status, headers, body } = await api.get("/v1/views");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toMatch(/^public, max-age=60/);
    const views = ViewsBodySchema.parse(body).views;
    const count = Object.fromEntries(views.map((v) => [v.name, v.servers]));
    expect(count).toEqual({
      verified: 1, // VERIFIED
      reachable: 1, // VERIFIED; STALE answered a month ago only
      "no-critical-advisories": 2, // not ADVISED
      acme: 2, // VERIFIED (trust 80) and STALE (pinned); ADVISED's trust is below 60
    });
    expect(views.find((v) => v.name === "acme")).toMatchObject({ builtin: false, rules: { min_trust: 60 } });
    expect(views.filter((v) => v.builtin).map((v) => v.name)).toEqual([
      "verified",
      "reachable",
      "no-critical-advisories",
    ]);
  });
});
