import {
  DependenciesBodySchema,
  DEPENDENCY_ATTRIBUTION,
  SearchQuerySchema,
  ServerDescriptorSchema,
  type DependenciesBody,
} from "@catalog/contracts";
import { entryHash, OFFICIAL_META_KEY } from "@catalog/registry";
import { createHarness, waitForIdle, type Harness } from "@catalog/testing";
import type { Worker } from "bullmq";
import {
  createDependencyServices,
  startDependencyWorker,
  type DependencyServices,
} from "../../services/ingest/src/ingest.js";
import { catalogWorker } from "../support/catalog.js";
import { startDependencyApis, type DependencyApis } from "../support/dependency-apis.js";
import { registryEntry, startGateway, type Gateway } from "../support/read-api.js";

const pkg = (registryType: "npm" | "pypi", identifier: string, version: string) => ({
  registryType,
  identifier,
  version,
  transport: { type: "stdio" },
});

const SERVERS = [
  registryEntry({
    name: "com.acme/weather",
    description: "Weather forecasts for any city, from Acme's weather service.",
    packages: [pkg("npm", "@acme/weather-mcp", "1.2.0"), pkg("pypi", "weather-mcp-py", "0.3.0")],
  }),
  registryEntry({ name: "com.acme/broken", packages: [pkg("npm", "@acme/broken-mcp", "0.1.0")] }),
  registryEntry({ name: "com.acme/fresh", packages: [pkg("npm", "@acme/fresh-mcp", "2.0.0")] }),
  registryEntry({ name: "com.acme/unknown", packages: [pkg("pypi", "unknown-mcp-tool", "1.0.0")] }),
  registryEntry({ name: "com.acme/aiohttp", packages: [pkg("pypi", "aiohttp", "3.12.15")] }),
  // The real listing io.github.upstash/context7 of the 2025-12-18 snapshot, at its listed version.
  registryEntry({
    name: "io.github.upstash/context7",
    packages: [pkg("npm", "@upstash/context7-mcp", "1.0.31")],
  }),
];

let h: Harness;
let apis: DependencyApis;
let api: Gateway;
let services: DependencyServices;
let workers: { catalog: Worker; dependencies: Worker; stop: () => void };

const settings = (a: DependencyApis) => ({
  DEPSDEV_URL: a.depsDevUrl,
  OSV_URL: a.osvUrl,
  DEPENDENCY_TIMEOUT_MS: 5000,
  DEPENDENCY_RETRIES: 2,
  DEPSDEV_MIN_INTERVAL_MS: 1,
  OSV_MIN_INTERVAL_MS: 1,
  DEPENDENCY_REFRESH_DAYS: 30,
  DEPENDENCY_MONITOR_TOP: 0,
  DEPENDENCY_CONCURRENCY: 2,
  WORKER_LOCK_MS: 30_000,
});

async function report(name: string): Promise<DependenciesBody> {
  const res = await api.get(`/v1/servers/${name}/dependencies`);
  expect(res.status).toBe(200);
  return DependenciesBodySchema.parse(res.body);
}

beforeAll(async () => {
  h = await createHarness();
  apis = await startDependencyApis();
  services = createDependencyServices(h, settings(apis));
  const catalog = catalogWorker(h);
  const dependencies = startDependencyWorker(h, services, settings(apis));
  workers = { catalog, dependencies: dependencies.worker, stop: dependencies.stop };
  // The catalog queues a resolve job for each new release; ingest resolves it and the catalog re-derives.
  for (const e of SERVERS) {
    const hash = entryHash(e.server, e._meta[OFFICIAL_META_KEY]);
    await h.bus.add("catalog", "upsert-version", { entry: e, hash, source: "import" });
  }
  await waitForIdle(h.bus, ["catalog", "dependencies"], 120_000);
  api = await startGateway(h);
}, 180_000);

afterAll(async () => {
  workers?.stop();
  await workers?.dependencies.close();
  await workers?.catalog.close();
  await api?.close();
  await apis?.close();
  await h?.close();
});

describe("dependency reports from deps.dev and OSV (served on loopback)", () => {
  it("resolves a graph, finds the MCP SDK and every advisory, direct and indirect, with fixed_in", async () => {
    const body = await report("com.acme/weather");
    const npm = body.packages.find((p) => p.ecosystem === "npm")!;
    expect(npm).toMatchObject({
      package: "@acme/weather-mcp",
      version: "1.2.0",
      status: "resolved",
      dependency_count: 8,
      mcp_sdk: { present: true, package: "@modelcontextprotocol/sdk", version: "1.23.0" },
      attribution: DEPENDENCY_ATTRIBUTION,
    });
    expect(npm.advisories).toEqual([
      {
        id: "FIXTURE-2025-0001",
        severity: "low",
        summary: expect.stringContaining("Synthetic advisory"),
        package: "webpack-hot-middleware",
        version: "2.25.0",
        relation: "direct",
        // Below it: 2.25.1-rc.0 (a pre-release) and nothing else published; 2.27.0 was never published.
        fixed_in: "2.25.4",
        url: "https://osv.dev/vulnerability/FIXTURE-2025-0001",
      },
      {
        id: "GHSA-w48q-cv73-mx4w",
        severity: "high",
        summary:
          "Model Context Protocol (MCP) TypeScript SDK does not enable DNS rebinding protection by default",
        package: "@modelcontextprotocol/sdk",
        version: "1.23.0",
        relation: "direct",
        fixed_in: "1.24.0",
        url: "https://osv.dev/vulnerability/GHSA-w48q-cv73-mx4w",
      },
      {
        id: "GHSA-whgm-jr23-g3j9",
        severity: "high",
        summary: "Uncontrolled Resource Consumption in ansi-html",
        package: "ansi-html",
        version: "0.0.7",
        relation: "indirect",
        fixed_in: "0.0.8",
        url: "https://osv.dev/vulnerability/GHSA-whgm-jr23-g3j9",
      },
    ]);
    const pypi = body.packages.find((p) => p.ecosystem === "pypi")!;
    expect(pypi).toMatchObject({
      status: "resolved",
      dependency_count: 7,
      mcp_sdk: { present: true, package: "mcp", version: "1.22.0" },
    });
    expect(pypi.advisories.map((a) => [a.id, a.relation, a.severity, a.fixed_in])).toEqual([
      ["GHSA-9h52-p55h-vw2f", "direct", "high", "1.23.0"],
      // PYSEC gives no rating and no vector: unknown. Its GIT range (a commit) is not a version.
      ["PYSEC-2023-74", "indirect", "unknown", "2.31.0"],
    ]);
  });

  it("reports incomplete, pending and unknown graphs, and a resolved graph without the SDK", async () => {
    expect((await report("com.acme/broken")).packages[0]).toMatchObject({
      status: "incomplete",
      mcp_sdk: { present: true, version: "1.24.3" },
      advisories: [],
    });
    expect((await report("com.acme/fresh")).packages[0]).toMatchObject({
      status: "pending",
      dependency_count: 0,
    });
    expect((await report("com.acme/unknown")).packages[0]).toMatchObject({
      status: "unknown",
      mcp_sdk: null,
    });
    expect((await report("com.acme/aiohttp")).packages[0]).toMatchObject({
      status: "resolved",
      dependency_count: 10,
      mcp_sdk: { present: false, package: null, version: null },
      advisories: [],
    });
  });

  it("tells the catalog, which re-derives trust and quality from the advisories", async () => {
    const { rows } = await h.db.pool.query(
      `SELECT trust_flags, trust_evidence->'flags'->'official_sdk' AS sdk, quality_checks FROM servers WHERE name = $1`,
      ["com.acme/weather"],
    );
    expect(rows[0].trust_flags).toEqual(expect.arrayContaining(["official_sdk", "known_advisories"]));
    expect(rows[0].trust_flags).not.toContain("critical_advisory");
    expect(rows[0].sdk).toMatchObject({ package: "@modelcontextprotocol/sdk", version: "1.23.0" });
    const check = (rows[0].quality_checks as { id: string; status: string; detail: string }[]).find(
      (c) => c.id === "no_known_advisories",
    );
    expect(check).toMatchObject({ status: "warn", detail: "5 known advisory(ies), 0 critical." });
  });

  it("shows each package's newest version in the descriptor, and flags a listing behind it", async () => {
    const res = await api.get("/v1/servers/io.github.upstash%2Fcontext7");
    expect(res.status).toBe(200);
    const descriptor = ServerDescriptorSchema.parse(res.body);
    expect(descriptor.packages[0]).toMatchObject({
      identifier: "@upstash/context7-mcp",
      version: "1.0.31",
      newest: { version: "4.1.1", published_at: null, listed_published_at: null, behind: "major" },
    });
    expect(descriptor.trust.flags).toContain("listing_behind_package");
    expect(descriptor.trust.evidence.listing_behind_package).toEqual({
      count: 1,
      packages: [
        {
          ecosystem: "npm",
          package: "@upstash/context7-mcp",
          listed: "1.0.31",
          listed_published_at: null,
          newest: "4.1.1",
          newest_published_at: null,
          reason: "major",
        },
      ],
    });
    // At the registry's newest version: the version beside it, no flag.
    const current = ServerDescriptorSchema.parse((await api.get("/v1/servers/com.acme%2Fweather")).body);
    expect(current.packages.find((p) => p.registry_type === "npm")?.newest).toEqual({
      version: "1.2.0",
      published_at: "2025-11-20T00:00:00.000Z",
      listed_published_at: "2025-11-20T00:00:00.000Z",
      behind: null,
    });
    expect(current.trust.flags).not.toContain("listing_behind_package");
    // Search filters take the flag like any other.
    const query = SearchQuerySchema.parse({ q: "docs", exclude_flags: "listing_behind_package" });
    expect(query.exclude_flags).toEqual(["listing_behind_package"]);
  });

  it("leaves fresh reports alone, and retries a rate-limited deps.dev with Retry-After", async () => {
    const before = apis.requests.length;
    expect(await services.resolve.resolve("com.acme/weather")).toBe(0);
    expect(apis.requests.length).toBe(before);

    apis.fail("/v3/systems/npm/packages/%40acme%2Fweather-mcp/versions", 429, 1, 1);
    const started = Date.now();
    expect(await services.resolve.resolve("com.acme/weather", true)).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const graphReads = apis.requests.filter((r) =>
      r.includes("%40acme%2Fweather-mcp/versions/1.2.0:dependencies"),
    );
    expect(graphReads).toHaveLength(3); // the first pass, then the 429 and its retry
    expect((await report("com.acme/weather")).packages[0]!.advisories).toHaveLength(3);
  });

  it("drops the reports of packages a new release no longer declares", async () => {
    const next = registryEntry(
      { name: "com.acme/aiohttp", version: "2.0.0", packages: [pkg("pypi", "weather-mcp-py", "0.3.0")] },
      { publishedAt: "2025-12-01T00:00:00Z" },
    );
    await h.bus.add("catalog", "upsert-version", {
      entry: next,
      hash: entryHash(next.server, next._meta[OFFICIAL_META_KEY]),
      source: "import",
    });
    await waitForIdle(h.bus, ["catalog", "dependencies"], 60_000);
    const { rows } = await h.db.pool.query(
      `SELECT package_name, status::text FROM dependency_reports WHERE server_name = 'com.acme/aiohttp'`,
    );
    expect(rows).toEqual([{ package_name: "weather-mcp-py", status: "resolved" }]);
  });

  it("matches advisories again daily, and restores what changed", async () => {
    expect(await services.matchAdvisories.run()).toEqual([]);
    await h.db.pool.query(`DELETE FROM advisories WHERE osv_id = 'GHSA-whgm-jr23-g3j9'`);
    expect(await services.matchAdvisories.run()).toEqual(["com.acme/weather"]);
    const ids = (await report("com.acme/weather")).packages[0]!.advisories.map((a) => a.id);
    expect(ids).toContain("GHSA-whgm-jr23-g3j9");
  });
});
