import { DependenciesRepository, type ReportWrite } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { startDependencyApis, type DependencyApis } from "../../../../tests/support/dependency-apis.js";
import { AdvisoryMatcher } from "./advisory-matcher.js";
import { DepsDevClient } from "./depsdev.client.js";
import { JsonClient } from "./json-client.js";
import { MatchAdvisoriesService } from "./match-advisories.service.js";
import { OsvClient } from "./osv.client.js";

const AT = new Date("2026-01-01T00:00:00Z");
const NOW = new Date("2026-01-10T00:00:00Z");

type Node = { name: string; version: string; relation: "self" | "direct" | "indirect" };

function report(
  serverName: string,
  ecosystem: string,
  graph: unknown,
  changes: Partial<ReportWrite> = {},
): ReportWrite {
  return {
    serverName,
    ecosystem,
    packageName: "app",
    version: "1.0.0",
    status: "resolved",
    dependencyCount: 1,
    mcpSdk: null,
    graph,
    resolvedAt: AT,
    nextRefreshAt: AT,
    error: null,
    ...changes,
  };
}
const nodes = (...list: Node[]) => ({ resolved_version: "1.0.0", nodes: list, edges: [] });
const STALE = {
  osvId: "GHSA-old",
  severity: "high",
  summary: "Withdrawn since",
  packageName: "dep",
  version: "1.0.0",
  relation: "direct",
  fixedIn: null,
  url: "https://osv.dev/vulnerability/GHSA-old",
};

describe("MatchAdvisoriesService (real PostgreSQL and Redis, OSV and deps.dev served on loopback)", () => {
  let h: Harness;
  let apis: DependencyApis;
  let repo: DependenciesRepository;
  let service: MatchAdvisoriesService;
  beforeAll(async () => {
    h = await createHarness();
    apis = await startDependencyApis();
    const http = new JsonClient({ baseUrl: apis.osvUrl, timeoutMs: 5000, retries: 0, minIntervalMs: 1 });
    const matcher = new AdvisoryMatcher(new OsvClient(http), new DepsDevClient(http));
    repo = new DependenciesRepository(h.db.prisma);
    service = new MatchAdvisoriesService(repo, matcher, h.bus, () => NOW);
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at)
       SELECT n, 'com.acme', now(), now() FROM unnest($1::text[]) AS n`,
      [["com.acme/npm", "com.acme/pypi", "com.acme/clean", "com.acme/odd", "com.acme/pending"]],
    );
    const self: Node = { name: "app", version: "1.0.0", relation: "self" };
    await repo.save(
      report(
        "com.acme/npm",
        "npm",
        nodes(self, { name: "ansi-html", version: "0.0.7", relation: "indirect" }),
      ),
      [STALE],
      AT,
    );
    await repo.save(
      report("com.acme/pypi", "pypi", nodes(self, { name: "mcp", version: "1.22.0", relation: "direct" })),
      [],
      AT,
    );
    await repo.save(
      report("com.acme/clean", "npm", nodes(self, { name: "zod", version: "3.25.76", relation: "direct" })),
      [],
      AT,
    );
    // Neither a graph it can read nor an ecosystem it knows: left as they are.
    await repo.save(report("com.acme/odd", "npm", { nodes: "unreadable" }), [STALE], AT);
    await repo.save(report("com.acme/odd", "cargo", nodes(self), { packageName: "crate" }), [STALE], AT);
    await repo.save(report("com.acme/pending", "npm", null, { status: "pending" }), [STALE], AT);
  });
  afterAll(async () => {
    await apis.close();
    await h.close();
  });

  const advisories = async (serverName: string) =>
    (
      await h.db.prisma.advisory.findMany({
        where: { report: { serverName } },
        orderBy: { osvId: "asc" },
        select: { osvId: true, packageName: true, relation: true, fixedIn: true },
      })
    ).map((a) => [a.osvId, a.packageName, a.relation, a.fixedIn]);
  async function takeRefreshJobs(): Promise<unknown[]> {
    const queue = h.bus.queue("catalog");
    const jobs = await queue.getJobs(["waiting"]);
    await queue.drain();
    return jobs.map((j) => j.data).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }

  it("matches every stored graph again, replaces the advisories that changed, and asks the catalog to re-derive those servers", async () => {
    expect(await service.run()).toEqual(["com.acme/npm", "com.acme/pypi"]);
    expect(await advisories("com.acme/npm")).toEqual([
      ["GHSA-whgm-jr23-g3j9", "ansi-html", "indirect", "0.0.8"],
    ]);
    expect(await advisories("com.acme/pypi")).toEqual([["GHSA-9h52-p55h-vw2f", "mcp", "direct", "1.23.0"]]);
    expect(await advisories("com.acme/clean")).toEqual([]);
    expect(await advisories("com.acme/odd")).toEqual([
      ["GHSA-old", "dep", "direct", null],
      ["GHSA-old", "dep", "direct", null],
    ]);
    expect(await advisories("com.acme/pending")).toEqual([["GHSA-old", "dep", "direct", null]]);
    expect(await takeRefreshJobs()).toEqual([{ match: "com.acme/npm" }, { match: "com.acme/pypi" }]);
    const matchedAt = await h.db.prisma.dependencyReport.findMany({
      orderBy: { id: "asc" },
      select: { serverName: true, ecosystem: true, advisoriesAt: true },
    });
    expect(matchedAt.map((r) => [r.serverName, r.ecosystem, r.advisoriesAt])).toEqual([
      ["com.acme/npm", "npm", NOW],
      ["com.acme/pypi", "pypi", NOW],
      ["com.acme/clean", "npm", NOW],
      ["com.acme/odd", "npm", AT],
      ["com.acme/odd", "cargo", AT],
      ["com.acme/pending", "npm", AT],
    ]);
  });

  it("changes nothing and asks for nothing when the advisories are the same", async () => {
    expect(await service.run()).toEqual([]);
    expect(await takeRefreshJobs()).toEqual([]);
  });
});
