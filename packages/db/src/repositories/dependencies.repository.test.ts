import { createHarness, type Harness } from "@catalog/testing";
import { DependenciesRepository, type AdvisoryWrite, type ReportWrite } from "./dependencies.repository.js";

const NAME = "io.example/app";
const AT = new Date("2026-01-01T00:00:00Z");

function report(packageName: string, version: string, changes: Partial<ReportWrite> = {}): ReportWrite {
  return {
    serverName: NAME,
    ecosystem: "npm",
    packageName,
    version,
    status: "resolved",
    dependencyCount: 1,
    mcpSdk: null,
    graph: { nodes: [] },
    resolvedAt: AT,
    nextRefreshAt: AT,
    error: null,
    ...changes,
  };
}

function advisory(osvId: string, changes: Partial<AdvisoryWrite> = {}): AdvisoryWrite {
  return {
    osvId,
    severity: "high",
    summary: osvId,
    packageName: "dep",
    version: "1.0.0",
    relation: "direct",
    fixedIn: null,
    url: `https://osv.dev/${osvId}`,
    ...changes,
  };
}

describe("DependenciesRepository (real PostgreSQL)", () => {
  let h: Harness;
  let repo: DependenciesRepository;
  const sql = (text: string, values: unknown[] = []) => h.db.pool.query(text, values);
  const servers = (...rows: [name: string, status: string, trust: number][]) =>
    sql(
      `INSERT INTO servers (name, namespace, status, trust_score, first_published_at, updated_at)
       SELECT n, 'io.example', s::"ServerStatus", t, now(), now() FROM unnest($1::text[], $2::text[], $3::int[]) AS u(n, s, t)`,
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
    );
  /** The server's latest version, declaring `packages`. */
  const latest = (name: string, status: string, packages: unknown[]) =>
    sql(
      `INSERT INTO server_versions (server_name, version, server_json, official_meta, status, published_at,
         updated_at, is_latest, content_hash)
       VALUES ($1, '1.0.0', $2::json, '{}', $3::"ServerStatus", now(), now(), true, 'hash ' || $1)`,
      [name, JSON.stringify({ name, version: "1.0.0", packages }), status],
    );
  const storedAdvisories = async (id: bigint) =>
    (await h.db.prisma.advisory.findMany({ where: { reportId: id }, orderBy: { osvId: "asc" } })).map(
      (a) => a.osvId,
    );
  beforeAll(async () => {
    h = await createHarness();
    repo = new DependenciesRepository(h.db.prisma);
    await servers([NAME, "active", 50]);
  });
  afterAll(() => h.close());

  it("upserts a report, keeps its advisories unless given, and replaces them only when they changed", async () => {
    expect(await repo.report(NAME, "npm", "lib", "1.0.0")).toBeNull();
    await repo.save(report("lib", "1.0.0", { status: "pending" }), [advisory("GHSA-1")], AT);
    await repo.save(report("lib", "1.0.0"), null, AT);
    const stored = await repo.report(NAME, "npm", "lib", "1.0.0");
    expect(stored).toMatchObject({ status: "resolved", nextRefreshAt: AT });
    expect(await storedAdvisories(stored!.id)).toEqual(["GHSA-1"]);

    // The same set, one repeated: unchanged. A changed field or a new advisory: replaced.
    expect(await repo.replaceAdvisories(stored!.id, [advisory("GHSA-1"), advisory("GHSA-1")], AT)).toBe(
      false,
    );
    expect(await repo.replaceAdvisories(stored!.id, [advisory("GHSA-1", { severity: "low" })], AT)).toBe(
      true,
    );
    expect(await repo.replaceAdvisories(stored!.id, [advisory("GHSA-2"), advisory("GHSA-1")], AT)).toBe(true);
    expect(await storedAdvisories(stored!.id)).toEqual(["GHSA-1", "GHSA-2"]);
  });

  it("removes the reports of versions no longer declared, and all of them when none is", async () => {
    await servers(["io.example/pruned", "active", 0]);
    const other = { serverName: "io.example/pruned" };
    await repo.save(report("x", "1.0.0", other), null, AT);
    await repo.save(report("x", "2.0.0", other), null, AT);
    await repo.save(report("y", "1.0.0", other), null, AT);
    expect(
      await repo.removeOthers("io.example/pruned", [
        { ecosystem: "npm", packageName: "x", version: "2.0.0" },
      ]),
    ).toBe(2);
    expect(await repo.report("io.example/pruned", "npm", "x", "2.0.0")).not.toBeNull();
    expect(await repo.removeOthers("io.example/pruned", [])).toBe(1);
    expect(await repo.report("io.example/pruned", "npm", "x", "2.0.0")).toBeNull();
  });

  it("lists the servers whose refresh is due, the longest overdue first", async () => {
    await servers(["io.example/due-early", "active", 0], ["io.example/due-late", "active", 0]);
    const due = (name: string, version: string, at: string) =>
      repo.save(report("d", version, { serverName: name, nextRefreshAt: new Date(at) }), null, AT);
    await due("io.example/due-late", "1", "2025-06-02T00:00:00Z");
    await due("io.example/due-early", "1", "2025-06-03T00:00:00Z");
    await due("io.example/due-early", "2", "2025-06-01T00:00:00Z");
    await due("io.example/due-late", "2", "2025-09-01T00:00:00Z");
    const now = new Date("2025-07-01T00:00:00Z");
    expect(await repo.dueServers(now, 10)).toEqual(["io.example/due-early", "io.example/due-late"]);
    expect(await repo.dueServers(now, 1)).toEqual(["io.example/due-early"]);
    expect(await repo.dueServers(new Date("2025-01-01T00:00:00Z"), 10)).toEqual([]);
  });

  it("owes a resolve for each latest npm or PyPI package without a report, unpinned ones as 'latest'", async () => {
    await servers(
      ["io.example/owed-a", "active", 0],
      ["io.example/owed-b", "active", 0],
      ["io.example/owed-c", "active", 0],
      ["io.example/owed-gone", "deleted", 0],
    );
    const npm = (identifier: string, version?: string) => ({ registryType: "npm", identifier, version });
    await latest("io.example/owed-a", "active", [npm("a", "1.0.0")]);
    await latest("io.example/owed-b", "active", [npm("b"), { registryType: "oci", identifier: "img" }]);
    await latest("io.example/owed-c", "active", [{ registryType: "pypi", identifier: "c", version: " " }]);
    await latest("io.example/owed-gone", "active", [npm("gone", "1.0.0")]);
    await repo.save(report("a", "1.0.0", { serverName: "io.example/owed-a" }), null, AT);
    await repo.save(report("b", "latest", { serverName: "io.example/owed-b" }), null, AT);
    expect(await repo.owedResolves("io.example/owed", 10)).toEqual([
      { name: "io.example/owed-c", hash: "hash io.example/owed-c" },
    ]);
    expect(await repo.owedResolves("io.example/owed-c", 10)).toEqual([]);
  });

  it("reads the latest server.json of live servers, and which servers are monitored", async () => {
    await servers(
      ["io.example/top", "active", 90],
      ["io.example/dead", "deleted", 99],
      ["io.example/watched", "active", 0],
    );
    await latest("io.example/top", "active", []);
    await latest("io.example/dead", "deleted", []);
    expect(await repo.latestServerJson("io.example/top")).toMatchObject({ name: "io.example/top" });
    expect(await repo.latestServerJson("io.example/dead")).toBeNull();
    expect(await repo.latestServerJson("io.example/missing")).toBeNull();

    await sql("INSERT INTO accounts (id, issuer, subject) VALUES ('acc', 'https://idp.example', 'u')");
    await sql("INSERT INTO monitored_servers (account_id, server_name) VALUES ('acc', 'io.example/watched')");
    // The deleted server's higher trust does not take a place among the top two.
    expect(await repo.isMonitored("io.example/top", 2)).toBe(true);
    expect(await repo.isMonitored(NAME, 2)).toBe(true);
    expect(await repo.isMonitored(NAME, 1)).toBe(false);
    expect(await repo.isMonitored("io.example/watched", 1)).toBe(true);
  });

  it("pages the settled reports that have a graph in id order", async () => {
    await servers(["io.example/graphs", "active", 0]);
    const graphs = (packageName: string, changes: Partial<ReportWrite>) =>
      repo.save(report(packageName, "1", { serverName: "io.example/graphs", ...changes }), null, AT);
    await graphs("g1", { status: "incomplete", graph: { nodes: ["g1"] } });
    await graphs("g2", { status: "unknown", graph: null });
    await sql(
      `INSERT INTO dependency_reports (server_name, ecosystem, package_name, version, status)
       VALUES ('io.example/graphs', 'npm', 'g3', '1', 'resolved')`,
    );
    await graphs("g4", { graph: { nodes: ["g4"] } });
    const page = (afterId: bigint, limit: number) =>
      repo
        .graphReports(afterId, limit)
        .then((rows) => rows.filter((r) => r.serverName === "io.example/graphs"));
    const all = await page(0n, 100);
    expect(all.map((r) => r.graph)).toEqual([{ nodes: ["g1"] }, { nodes: ["g4"] }]);
    expect(await page(all[0]!.id, 100)).toEqual([all[1]]);
  });
});
