import { DEPENDENCY_ATTRIBUTION } from "@catalog/contracts";
import { ServerReadRepository } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { DependenciesService } from "./dependencies.service.js";

const NAME = "io.example/deps";
const SDK = { present: true, package: "@modelcontextprotocol/sdk", version: "1.2.0" };

describe("DependenciesService (real PostgreSQL)", () => {
  let h: Harness;
  let service: DependenciesService;
  const sql = (text: string, values: unknown[] = []) => h.db.pool.query(text, values);
  const addServer = async (name: string, serverJson: object) => {
    await sql(
      `INSERT INTO servers (name, namespace, latest_version, first_published_at, updated_at)
       VALUES ($1, split_part($1, '/', 1), '1.0.0', now(), now())`,
      [name],
    );
    await sql(
      `INSERT INTO server_versions (server_name, version, server_json, official_meta, status, published_at,
         updated_at, is_latest, content_hash)
       VALUES ($1, '1.0.0', $2, '{}', 'active', now(), now(), true, $1)`,
      [name, JSON.stringify({ name, version: "1.0.0", ...serverJson })],
    );
  };
  const addReport = async (
    ecosystem: string,
    packageName: string,
    version: string,
    report: { status: string; count?: number; sdk?: object; resolvedAt: string | null },
  ): Promise<string> => {
    const { rows } = await sql(
      `INSERT INTO dependency_reports (server_name, ecosystem, package_name, version, status, dependency_count,
         mcp_sdk, resolved_at)
       VALUES ($1, $2, $3, $4, $5::"DependencyStatus", $6, $7, $8) RETURNING id`,
      [
        NAME,
        ecosystem,
        packageName,
        version,
        report.status,
        report.count ?? 0,
        report.sdk ? JSON.stringify(report.sdk) : null,
        report.resolvedAt,
      ],
    );
    return String(rows[0].id);
  };

  beforeAll(async () => {
    h = await createHarness();
    service = new DependenciesService(new ServerReadRepository(h.db.pool));
    await addServer(NAME, {
      packages: [
        { registryType: "npm", identifier: "@acme/tool", version: "2.0.0" },
        { registryType: "oci", identifier: "ghcr.io/acme/tool", version: "2.0.0" },
        { registryType: "pypi", identifier: "acme-py", version: "0.5" },
        { registryType: "npm", identifier: "@acme/tool", version: "2.0.0" },
        { registryType: "npm", identifier: "@acme/unresolved", version: "1.0.0" },
        { registryType: "npm", identifier: "@acme/unpinned" },
      ],
    });
    await addServer("io.example/remote-only", { remotes: [{ type: "sse", url: "https://r.example/sse" }] });
    // The exact version's report wins over a newer one of another version.
    await addReport("npm", "@acme/tool", "1.0.0", { status: "resolved", resolvedAt: "2026-03-01T00:00:00Z" });
    const exact = await addReport("npm", "@acme/tool", "2.0.0", {
      status: "resolved",
      count: 42,
      sdk: SDK,
      resolvedAt: "2026-02-01T00:00:00Z",
    });
    await sql(
      `INSERT INTO advisories (report_id, osv_id, severity, summary, package_name, version, relation, fixed_in, url)
       VALUES ($1, 'GHSA-aaaa', 'high', 'Prototype pollution', 'lodash', '4.17.0', 'direct', '4.17.21', 'https://osv.dev/GHSA-aaaa'),
              ($1, 'GHSA-bbbb', 'low', 'ReDoS', 'minimatch', '3.0.0', 'transitive', NULL, 'https://osv.dev/GHSA-bbbb')`,
      [exact],
    );
    // No report of 0.5: the newest of the package stands in (ecosystems compare case-insensitively).
    await addReport("pypi", "acme-py", "0.3", { status: "resolved", resolvedAt: "2026-03-01T00:00:00Z" });
    await addReport("PyPI", "acme-py", "0.4", {
      status: "incomplete",
      count: 7,
      resolvedAt: "2026-03-05T00:00:00Z",
    });
    await addReport("npm", "@acme/unpinned", "latest", { status: "unknown", resolvedAt: null });
  });
  afterAll(() => h.close());

  it("answers one entry per npm or PyPI package, each with its best report or pending", async () => {
    const outcome = await service.dependencies(NAME);
    expect(outcome).toEqual({
      ok: true,
      body: {
        server: NAME,
        packages: [
          {
            ecosystem: "npm",
            package: "@acme/tool",
            version: "2.0.0",
            status: "resolved",
            dependency_count: 42,
            mcp_sdk: SDK,
            advisories: [
              {
                id: "GHSA-aaaa",
                severity: "high",
                summary: "Prototype pollution",
                package: "lodash",
                version: "4.17.0",
                relation: "direct",
                fixed_in: "4.17.21",
                url: "https://osv.dev/GHSA-aaaa",
              },
              {
                id: "GHSA-bbbb",
                severity: "low",
                summary: "ReDoS",
                package: "minimatch",
                version: "3.0.0",
                relation: "indirect",
                fixed_in: null,
                url: "https://osv.dev/GHSA-bbbb",
              },
            ],
            resolved_at: "2026-02-01T00:00:00.000Z",
            attribution: DEPENDENCY_ATTRIBUTION,
          },
          expect.objectContaining({
            ecosystem: "pypi",
            package: "acme-py",
            version: "0.4",
            status: "incomplete",
            dependency_count: 7,
            mcp_sdk: null,
            advisories: [],
            resolved_at: "2026-03-05T00:00:00.000Z",
          }),
          {
            ecosystem: "npm",
            package: "@acme/unresolved",
            version: "1.0.0",
            status: "pending",
            dependency_count: 0,
            mcp_sdk: null,
            advisories: [],
            resolved_at: null,
            attribution: DEPENDENCY_ATTRIBUTION,
          },
          expect.objectContaining({
            package: "@acme/unpinned",
            version: "latest",
            status: "unknown",
            resolved_at: null,
          }),
        ],
        next_actions: [expect.objectContaining({ action: "get_server", arguments: { name: NAME } })],
      },
    });
  });

  it("answers no packages for a server that has none", async () => {
    const outcome = await service.dependencies("io.example/remote-only");
    expect(outcome.ok && outcome.body.packages).toEqual([]);
  });

  it("answers 404 server_not_found for an unknown server", async () => {
    expect(await service.dependencies("io.example/missing")).toMatchObject({
      ok: false,
      status: 404,
      error: "server_not_found",
    });
  });
});
