import type { ProbeResult } from "@catalog/contracts";
import type { ServerJson } from "@catalog/registry";
import { okProbe } from "@catalog/testing/mcp";
import {
  deriveServer,
  introspectablePackages,
  packageRefs,
  probeableRemotes,
  qualityInput,
  type DerivationInput,
  type DerivationProbe,
} from "./derive.js";

const now = new Date("2026-11-22T10:00:00Z");
const URL_A = "https://mcp.example.com/mcp";
const URL_B = "https://other.example.com/mcp";

const server: ServerJson = {
  name: "com.example/weather",
  description: "Weather forecasts.",
  version: "1.0.0",
  remotes: [
    { type: "streamable-http", url: URL_A },
    { type: "sse", url: URL_B },
  ],
  packages: [
    { registryType: "npm", identifier: "@example/weather", version: "1.0.0", transport: { type: "stdio" } },
  ],
} as ServerJson;

const stored = (url: string, result: Partial<ProbeResult> | null): DerivationProbe => ({
  url,
  outcome: result?.outcome ?? "ok",
  result: result && okProbe({ url, ...result }),
});

const input = (overrides: Partial<DerivationInput> = {}): DerivationInput => ({
  name: server.name,
  server,
  status: "active",
  firstPublishedAt: new Date("2026-01-01T00:00:00Z"),
  probes: [],
  reports: [],
  advisories: [],
  toolChanges: [],
  tools: [],
  blocked: null,
  previousOwner: null,
  now,
  ...overrides,
});

describe("deriveServer", () => {
  it("connects through a remote that answered without authorization, and judges quality by it", () => {
    const probes = [
      { latest: stored(URL_B, { started_at: "2026-11-22T09:00:00.000Z" }), lastAnswer: null, failures: 0 },
      { latest: stored(URL_A, { started_at: "2026-11-21T09:00:00.000Z" }), lastAnswer: null, failures: 0 },
    ];
    const derived = deriveServer(input({ probes }));
    expect(derived.connection.class).toBe("R0");
    expect(derived.connection.via).toMatchObject({ kind: "remote", index: 0, url: URL_A });
    expect(derived.qualityRemote?.latest.url).toBe(URL_A);
    expect(derived.trust.flags).toContain("remote_reachable");
  });

  it("lists the access classes its remotes showed, each once, none for remotes never probed", () => {
    const probes = [
      { latest: stored(URL_A, { access: "late_gate" }), lastAnswer: null, failures: 0 },
      { latest: stored(URL_B, { access: "open" }), lastAnswer: null, failures: 0 },
    ];
    expect(deriveServer(input({ probes })).access).toEqual(["open", "late_gate"]);
    expect(deriveServer(input({ probes: probes.slice(0, 1) })).access).toEqual(["late_gate"]);
    expect(deriveServer(input()).access).toEqual([]);
  });

  it("judges quality by the newest probed remote when connectability chose none", () => {
    const probes = [
      {
        latest: stored(URL_A, { outcome: "timeout", started_at: "2026-11-21T09:00:00.000Z" }),
        lastAnswer: null,
        failures: 3,
      },
      {
        latest: stored(URL_B, { outcome: "refused", started_at: "2026-11-22T09:00:00.000Z" }),
        lastAnswer: null,
        failures: 3,
      },
    ];
    const derived = deriveServer(input({ server: { ...server, packages: [] }, probes }));
    expect(derived.connection.via).toBeNull();
    expect(derived.qualityRemote?.latest.url).toBe(URL_B);
  });

  it("keeps every probeable remote on the schedule until the server is deleted", () => {
    expect(deriveServer(input()).probeTargets).toEqual([
      { url: URL_A, transport: "streamable-http" },
      { url: URL_B, transport: "sse" },
    ]);
    expect(deriveServer(input({ status: "deleted" })).probeTargets).toEqual([]);
  });

  it("credits the official SDK found in a dependency report", () => {
    const sdk = { present: true, package: "@modelcontextprotocol/sdk", version: "1.24.3" };
    const reports = [
      { ecosystem: "npm", packageName: "a", version: "1.0.0", status: "resolved", mcpSdk: null },
      {
        ecosystem: "npm",
        packageName: "@example/weather",
        version: "1.0.0",
        status: "resolved",
        mcpSdk: sdk,
      },
    ];
    const derived = deriveServer(input({ reports }));
    expect(derived.trust.flags).toContain("official_sdk");
    expect(derived.trust.evidence.flags).toMatchObject({
      official_sdk: { package: sdk.package, version: sdk.version, via: "npm:@example/weather@1.0.0" },
    });
    expect(deriveServer(input({ reports: reports.slice(0, 1) })).trust.flags).not.toContain("official_sdk");
  });

  it("flags the packages ingest found behind their registry, with both versions and dates", () => {
    const report = {
      ecosystem: "npm",
      packageName: "@example/weather",
      version: "1.0.0",
      status: "resolved",
    };
    const behind = {
      ...report,
      mcpSdk: null,
      newestVersion: "2.0.0",
      newestPublishedAt: "2025-11-02T10:00:00+00:00",
      listedPublishedAt: "2025-06-01T08:00:00+00:00",
      behind: "major",
    };
    const current = { ...behind, packageName: "current", newestVersion: "1.0.0", behind: null };
    const derived = deriveServer(input({ reports: [behind, current] }));
    expect(derived.trust.evidence.flags.listing_behind_package).toEqual({
      count: 1,
      packages: [
        {
          ecosystem: "npm",
          package: "@example/weather",
          listed: "1.0.0",
          listed_published_at: "2025-06-01T08:00:00.000Z",
          newest: "2.0.0",
          newest_published_at: "2025-11-02T10:00:00.000Z",
          reason: "major",
        },
      ],
    });
    expect(deriveServer(input({ reports: [current] })).trust.flags).not.toContain("listing_behind_package");
  });

  it("verifies the owner by the remote's host, keeping the date while the evidence holds", () => {
    const derived = deriveServer(input());
    expect(derived.owner).toMatchObject({
      verified: true,
      method: "remote_host",
      verified_at: now.toISOString(),
    });
    const earlier = { ...derived.owner, verified_at: "2026-10-01T00:00:00.000Z" };
    expect(deriveServer(input({ previousOwner: earlier })).owner).toEqual(earlier);
    expect(derived.repositoryUrl).toBeNull();
  });
});

describe("qualityInput", () => {
  const remote = { latest: stored(URL_A, {}), lastAnswer: null, failures: 0 };
  const advisory = (id: string, severity: string) => ({ id, severity, package: "p", version: "1" });

  it("counts distinct advisories once a report is resolved, and none without one", () => {
    const advisories = [
      advisory("GHSA-1", "critical"),
      advisory("GHSA-1", "critical"),
      advisory("GHSA-2", "low"),
    ];
    const resolved = [{ ecosystem: "npm", packageName: "p", version: "1", status: "resolved", mcpSdk: null }];
    const base = { server, remote, tools: [], stability: { successful: 9, total: 10 } };
    expect(qualityInput({ ...base, reports: resolved, advisories }).advisories).toEqual({
      total: 2,
      critical: 1,
    });
    expect(qualityInput({ ...base, reports: [], advisories }).advisories).toBeNull();
    const pending = [{ ...resolved[0]!, status: "pending" }];
    expect(qualityInput({ ...base, reports: pending, advisories }).advisories).toBeNull();
  });

  it("judges the remote's probe and its stability, and neither without a remote", () => {
    const stability = { successful: 9, total: 10 };
    const base = { server, tools: [], reports: [], advisories: [], stability };
    const judged = qualityInput({ ...base, remote });
    expect(judged.description).toBe("Weather forecasts.");
    expect(judged.probe?.url).toBe(URL_A);
    expect(judged.stability).toEqual(stability);
    const none = qualityInput({ ...base, remote: undefined });
    expect(none.probe).toBeNull();
    expect(none.stability).toBeNull();
  });
});

describe("packages and remotes", () => {
  it("counts npm and PyPI packages with a version", () => {
    const packages = [
      { registryType: "npm", identifier: "a", version: "1.0.0" },
      { registryType: "pypi", identifier: "b", version: "2.0" },
      { registryType: "oci", identifier: "c", version: "3" },
      { registryType: "npm", identifier: "d" },
    ];
    expect(packageRefs({ ...server, packages } as ServerJson)).toEqual([
      { ecosystem: "npm", name: "a", version: "1.0.0" },
      { ecosystem: "pypi", name: "b", version: "2.0" },
    ]);
  });

  it("probes each reachable remote once: no templates, no unknown transports", () => {
    const remotes = [
      { type: "streamable-http", url: URL_A },
      { type: "streamable-http", url: URL_A },
      { type: "streamable-http", url: "https://{tenant}.example.com/mcp" },
      { type: "websocket", url: "wss://x.example.com" },
    ];
    expect(probeableRemotes({ ...server, remotes } as ServerJson)).toEqual([
      { url: URL_A, transport: "streamable-http" },
    ]);
  });

  it("introspects the packages the sandbox can start, only of a server without a probeable remote", () => {
    const packages = [
      { registryType: "npm", identifier: "a", version: "1.0.0", transport: { type: "stdio" } },
      { registryType: "npm", identifier: "a", version: "1.0.0", transport: { type: "stdio" } },
      { registryType: "nuget", identifier: "b", version: "2.0", transport: { type: "stdio" } },
      { registryType: "pypi", identifier: "c", version: "3.0", transport: { type: "stdio" } },
    ];
    const packagesOnly = { ...server, remotes: [], packages } as ServerJson;
    expect(introspectablePackages(packagesOnly)).toEqual([
      { registryType: "npm", identifier: "a", version: "1.0.0", package: packages[0] },
      { registryType: "pypi", identifier: "c", version: "3.0", package: packages[3] },
    ]);
    expect(introspectablePackages({ ...server, packages } as ServerJson)).toEqual([]);
    const templatedOnly = [{ type: "streamable-http", url: "https://{tenant}.example.com/mcp" }];
    expect(introspectablePackages({ ...packagesOnly, remotes: templatedOnly } as ServerJson)).toHaveLength(2);
  });

  it("keeps no package on the schedule once the server is deleted", () => {
    const packagesOnly = { ...server, remotes: [] } as ServerJson;
    expect(deriveServer(input({ server: packagesOnly })).packageTargets).toHaveLength(1);
    expect(deriveServer(input({ server: packagesOnly, status: "deleted" })).packageTargets).toEqual([]);
  });

  it("judges a package's connectability with its introspection", () => {
    const packagesOnly = { ...server, remotes: [] } as ServerJson;
    const started = {
      registryType: "npm",
      identifier: "@example/weather",
      version: "1.0.0",
      outcome: "tools",
      detail: "It started and listed its tools.",
      toolCount: 4,
    };
    const { connection } = deriveServer(input({ server: packagesOnly, introspections: [started] }));
    expect(connection.reason).toMatch(/listed 4 tools/);
  });
});
