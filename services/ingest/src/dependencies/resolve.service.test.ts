import { DependenciesRepository } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { startDependencyApis, type DependencyApis } from "../../../../tests/support/dependency-apis.js";
import { AdvisoryMatcher } from "./advisory-matcher.js";
import { DepsDevClient } from "./depsdev.client.js";
import { JsonClient } from "./json-client.js";
import { OsvClient } from "./osv.client.js";
import { ResolveDependenciesService } from "./resolve.service.js";

const NOW = new Date("2026-01-10T00:00:00Z");
const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY_MS);

const pkg = (registryType: string, identifier: string, version?: string) => ({
  registryType,
  identifier,
  ...(version ? { version } : {}),
  transport: { type: "stdio" },
});

describe("ResolveDependenciesService (real PostgreSQL and Redis, deps.dev and OSV served on loopback)", () => {
  let h: Harness;
  let apis: DependencyApis;
  let resolver: (monitorTop: number) => ResolveDependenciesService;
  let service: ResolveDependenciesService;
  beforeAll(async () => {
    h = await createHarness();
    apis = await startDependencyApis();
    const http = new JsonClient({ baseUrl: apis.depsDevUrl, timeoutMs: 5000, retries: 0, minIntervalMs: 1 });
    const depsDev = new DepsDevClient(http);
    const matcher = new AdvisoryMatcher(new OsvClient(http), depsDev);
    const repo = new DependenciesRepository(h.db.prisma);
    resolver = (monitorTop) =>
      new ResolveDependenciesService(
        repo,
        depsDev,
        matcher,
        h.bus,
        { refreshDays: 30, monitorTop },
        () => NOW,
      );
    service = resolver(0);
  });
  afterAll(async () => {
    await apis.close();
    await h.close();
  });

  /** A server whose latest version declares `packages`. */
  async function server(name: string, packages: unknown[], status = "active") {
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at) VALUES ($1, 'com.acme', now(), now())
       ON CONFLICT (name) DO NOTHING`,
      [name],
    );
    await h.db.pool.query(
      `INSERT INTO server_versions (server_name, version, server_json, official_meta, status, published_at,
         updated_at, is_latest, content_hash)
       VALUES ($1, '1.0.0', $2::json, '{}', $3::"ServerStatus", now(), now(), true, 'hash')
       ON CONFLICT (server_name, version) DO UPDATE SET server_json = EXCLUDED.server_json, status = EXCLUDED.status`,
      [name, JSON.stringify({ name, version: "1.0.0", packages }), status],
    );
  }
  const reports = (serverName: string) =>
    h.db.prisma.dependencyReport.findMany({
      where: { serverName },
      orderBy: [{ ecosystem: "asc" }, { packageName: "asc" }],
      include: { advisories: { orderBy: { osvId: "asc" } } },
    });
  /** The refresh-servers jobs queued since the last call. */
  async function takeRefreshJobs(): Promise<unknown[]> {
    const queue = h.bus.queue("catalog");
    const jobs = await queue.getJobs(["waiting"]);
    await queue.drain();
    return jobs.map((j) => [j.name, j.data]);
  }

  it("reads each npm and PyPI package's graph, matches its advisories, and asks the catalog to re-derive the server", async () => {
    await server("com.acme/weather", [
      pkg("npm", "@acme/weather-mcp", "1.2.0"),
      pkg("pypi", "weather-mcp-py", "0.3.0"),
      pkg("oci", "docker.io/acme/weather", "1.0.0"),
    ]);
    expect(await service.resolve("com.acme/weather")).toBe(2);
    const [npm, pypi] = await reports("com.acme/weather");
    expect(npm).toMatchObject({
      ecosystem: "npm",
      packageName: "@acme/weather-mcp",
      version: "1.2.0",
      status: "resolved",
      dependencyCount: 8,
      mcpSdk: { present: true, package: "@modelcontextprotocol/sdk", version: "1.23.0" },
      resolvedAt: NOW,
      nextRefreshAt: inDays(30),
      advisoriesAt: NOW,
      error: null,
    });
    expect(npm!.graph).toMatchObject({ resolved_version: "1.2.0" });
    expect(npm!.advisories.map((a) => [a.osvId, a.packageName, a.relation, a.fixedIn])).toEqual([
      ["FIXTURE-2025-0001", "webpack-hot-middleware", "direct", "2.25.4"],
      ["GHSA-w48q-cv73-mx4w", "@modelcontextprotocol/sdk", "direct", "1.24.0"],
      ["GHSA-whgm-jr23-g3j9", "ansi-html", "indirect", "0.0.8"],
    ]);
    expect(pypi).toMatchObject({ ecosystem: "pypi", status: "resolved", dependencyCount: 7 });
    expect(pypi!.advisories.map((a) => a.osvId)).toEqual(["GHSA-9h52-p55h-vw2f", "PYSEC-2023-74"]);
    expect(await takeRefreshJobs()).toEqual([["refresh-servers", { match: "com.acme/weather" }]]);
  });

  it("leaves fresh reports alone unless forced", async () => {
    const before = apis.requests.length;
    expect(await service.resolve("com.acme/weather")).toBe(0);
    expect(apis.requests.length).toBe(before);
    expect(await takeRefreshJobs()).toEqual([]);
    expect(await service.resolve("com.acme/weather", true)).toBe(2);
    expect(await takeRefreshJobs()).toHaveLength(1);
  });

  it("records a graph deps.dev has not resolved yet as pending, reads it again the next time, and tells unknown packages and versions apart", async () => {
    await server("com.acme/fresh", [pkg("npm", "@acme/fresh-mcp", "2.0.0")]);
    await server("com.acme/unknown", [
      pkg("pypi", "unknown-mcp-tool", "1.0.0"),
      pkg("npm", "@acme/weather-mcp", "9.9.9"),
    ]);
    expect(await service.resolve("com.acme/fresh")).toBe(1);
    expect((await reports("com.acme/fresh"))[0]).toMatchObject({
      status: "pending",
      graph: null,
      resolvedAt: null,
      nextRefreshAt: inDays(1),
      error: "deps.dev has not resolved this version yet",
    });
    expect(await service.resolve("com.acme/fresh")).toBe(1); // pending: not left alone

    expect(await service.resolve("com.acme/unknown")).toBe(2);
    expect(
      (await reports("com.acme/unknown")).map((r) => [r.packageName, r.status, r.nextRefreshAt, r.error]),
    ).toEqual([
      ["@acme/weather-mcp", "unknown", inDays(1), "deps.dev does not know version 9.9.9"],
      ["unknown-mcp-tool", "unknown", inDays(1), "deps.dev does not know this package"],
    ]);
  });

  it("reads an unpinned package at its default version, and refreshes a monitored server's reports daily", async () => {
    await server("com.acme/unpinned", [pkg("npm", "@acme/weather-mcp")]);
    expect(await service.resolve("com.acme/unpinned")).toBe(1);
    const [latest] = await reports("com.acme/unpinned");
    expect(latest).toMatchObject({ version: "latest", status: "resolved", nextRefreshAt: inDays(30) });
    expect(latest!.graph).toMatchObject({ resolved_version: "1.2.0" });

    await server("com.acme/broken", [pkg("npm", "@acme/broken-mcp", "0.1.0")]);
    expect(await resolver(1000).resolve("com.acme/broken")).toBe(1);
    const [broken] = await reports("com.acme/broken");
    expect(broken).toMatchObject({ status: "incomplete", resolvedAt: NOW, nextRefreshAt: inDays(1) });
    expect(broken!.error).toContain("no matching version");
  });

  it("records each package's newest version beside the listed one, and why the listing is behind", async () => {
    await server("com.acme/behind", [
      pkg("npm", "@acme/old-mcp", "1.1.0"), // 1.4.0 came out 113 days after 1.1.0
      pkg("npm", "@upstash/context7-mcp", "1.0.31"), // the default is 4.1.1, undated
      pkg("npm", "@acme/weather-mcp", "1.2.0"), // the default itself
      pkg("pypi", "unknown-mcp-tool", "1.0.0"), // deps.dev does not know it
    ]);
    expect(await service.resolve("com.acme/behind")).toBe(4);
    const freshness = (await reports("com.acme/behind")).map((r) => [
      r.packageName,
      r.newestVersion,
      r.newestPublishedAt,
      r.listedPublishedAt,
      r.behind,
    ]);
    expect(freshness).toEqual([
      ["@acme/old-mcp", "1.4.0", new Date("2025-08-01T00:00:00Z"), new Date("2025-04-10T00:00:00Z"), "stale"],
      [
        "@acme/weather-mcp",
        "1.2.0",
        new Date("2025-11-20T00:00:00Z"),
        new Date("2025-11-20T00:00:00Z"),
        null,
      ],
      ["@upstash/context7-mcp", "4.1.1", null, null, "major"],
      ["unknown-mcp-tool", null, null, null, null],
    ]);
    // One GetPackage per package, through the same client as the graphs.
    const packageReads = apis.requests.filter((r) => r === "GET /v3/systems/npm/packages/%40acme%2Fold-mcp");
    expect(packageReads).toHaveLength(1);
  });

  it("drops the reports of packages the latest version no longer declares, and all of a deleted server's", async () => {
    await takeRefreshJobs();
    await server("com.acme/weather", [pkg("pypi", "weather-mcp-py", "0.3.0")]);
    expect(await service.resolve("com.acme/weather")).toBe(1); // the npm report removed, the PyPI one fresh
    expect((await reports("com.acme/weather")).map((r) => r.ecosystem)).toEqual(["pypi"]);
    expect(await takeRefreshJobs()).toEqual([["refresh-servers", { match: "com.acme/weather" }]]);

    await server("com.acme/weather", [pkg("pypi", "weather-mcp-py", "0.3.0")], "deleted");
    expect(await service.resolve("com.acme/weather")).toBe(1);
    expect(await reports("com.acme/weather")).toEqual([]);
    expect(await service.resolve("com.acme/never")).toBe(0);
    expect(await takeRefreshJobs()).toEqual([["refresh-servers", { match: "com.acme/weather" }]]);
  });
});
