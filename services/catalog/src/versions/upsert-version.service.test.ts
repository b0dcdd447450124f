import { CategoryClassifier } from "@catalog/categories";
import {
  CatalogRepository,
  EvidenceRepository,
  PackageTargetsRepository,
  ProbesRepository,
} from "@catalog/db";
import { stableJobId } from "@catalog/queue";
import { OFFICIAL_META_KEY, type RegistryEntry } from "@catalog/registry";
import { createHarness, importJob, type Harness } from "@catalog/testing";
import { DerivedService } from "../servers/derived.service.js";
import { UpsertVersionService } from "./upsert-version.service.js";

const NPM = {
  registryType: "npm",
  identifier: "@acme/weather-mcp",
  version: "1.0.0",
  transport: { type: "stdio" },
};

function entry(
  name: string,
  version: string,
  meta: { publishedAt?: string; updatedAt?: string } = {},
  server: Record<string, unknown> = {},
): RegistryEntry {
  const publishedAt = meta.publishedAt ?? "2025-11-01T10:00:00Z";
  return {
    server: { name, version, description: "Weather forecasts.", packages: [NPM], ...server },
    _meta: {
      [OFFICIAL_META_KEY]: {
        status: "active",
        publishedAt,
        updatedAt: meta.updatedAt ?? publishedAt,
        isLatest: true,
      },
    },
  } as RegistryEntry;
}

describe("UpsertVersionService (real PostgreSQL and Redis)", () => {
  let h: Harness;
  let upsert: UpsertVersionService;
  let offline: UpsertVersionService;
  beforeAll(async () => {
    h = await createHarness();
    const catalog = new CatalogRepository(h.db.prisma);
    const probes = new ProbesRepository(h.db.prisma);
    const derived = new DerivedService(
      catalog,
      probes,
      new PackageTargetsRepository(h.db.prisma),
      new EvidenceRepository(),
      CategoryClassifier.keywords(),
      h.bus,
      3_600_000,
    );
    upsert = new UpsertVersionService(catalog, derived, h.bus);
    offline = new UpsertVersionService(catalog, derived, h.bus, false);
  });
  afterAll(() => h.close());

  const versions = async (name: string) =>
    (
      await h.db.prisma.serverVersion.findMany({
        where: { serverName: name },
        orderBy: { version: "asc" },
        select: { version: true, isLatest: true },
      })
    ).map((v) => [v.version, v.isLatest]);
  const jobsOf = async (queue: "search" | "dependencies", serverName: string) =>
    (await h.bus.queue(queue).getJobs(["waiting"])).filter((j) => j.data.serverName === serverName);
  const indexJobs = async (name: string) => (await jobsOf("search", name)).map((j) => j.name);
  const resolveJobs = async (name: string) => (await jobsOf("dependencies", name)).map((j) => j.id);

  it("creates a server from its first version, derives it, and asks for its index and its dependencies", async () => {
    const name = "io.example/created";
    const job = importJob(entry(name, "1.0.0"));
    expect(await upsert.upsert(job)).toBe("created");
    expect(await versions(name)).toEqual([["1.0.0", true]]);
    expect(
      await h.db.prisma.server.findUniqueOrThrow({
        where: { name },
        select: { namespace: true, latestVersion: true, description: true, derivedStale: true },
      }),
    ).toEqual({
      namespace: "io.example",
      latestVersion: "1.0.0",
      description: "Weather forecasts.",
      derivedStale: false,
    });
    expect(await indexJobs(name)).toEqual(["index-server"]);
    expect(await resolveJobs(name)).toEqual([stableJobId("resolve", name, job.hash)]);
  });

  it("changes nothing for the same payload, but queues its jobs again (a retried job)", async () => {
    const name = "io.example/retried";
    const job = importJob(entry(name, "1.0.0"));
    await upsert.upsert(job);
    const before = await h.db.prisma.serverVersion.findFirstOrThrow({ where: { serverName: name } });
    expect(await upsert.upsert(job)).toBe("unchanged");
    const after = await h.db.prisma.serverVersion.findFirstOrThrow({ where: { serverName: name } });
    expect(after.ingestedAt).toEqual(before.ingestedAt);
    expect(await indexJobs(name)).toEqual(["index-server", "index-server"]);
    expect(await resolveJobs(name)).toHaveLength(1); // the same job id
  });

  it("overwrites a version with a newer copy, never with an older one", async () => {
    const name = "io.example/edited";
    await upsert.upsert(importJob(entry(name, "1.0.0", { updatedAt: "2025-11-02T00:00:00Z" })));
    const older = importJob(
      entry(name, "1.0.0", { updatedAt: "2025-11-01T12:00:00Z" }, { description: "Older text." }),
    );
    expect(await upsert.upsert(older)).toBe("stale");
    const newer = importJob(
      entry(name, "1.0.0", { updatedAt: "2025-11-03T00:00:00Z" }, { description: "Newer text." }),
    );
    expect(await upsert.upsert(newer)).toBe("updated");
    const server = await h.db.prisma.server.findUniqueOrThrow({ where: { name } });
    expect(server.description).toBe("Newer text.");
    expect(server.updatedAt).toEqual(new Date("2025-11-03T00:00:00Z"));
    const resolves = await resolveJobs(name);
    expect(resolves).toContain(stableJobId("resolve", name, newer.hash));
    expect(resolves).not.toContain(stableJobId("resolve", name, older.hash));
  });

  it("moves latest to a newer release, and an older release's late latest claim does not take it back", async () => {
    const name = "io.example/releases";
    await upsert.upsert(importJob(entry(name, "1.0.0", { publishedAt: "2025-11-01T00:00:00Z" })));
    await upsert.upsert(importJob(entry(name, "2.0.0", { publishedAt: "2025-12-01T00:00:00Z" })));
    expect(await versions(name)).toEqual([
      ["1.0.0", false],
      ["2.0.0", true],
    ]);
    // 1.5.0's copy still says latest, but 2.0.0 was published after it.
    await upsert.upsert(importJob(entry(name, "1.5.0", { publishedAt: "2025-11-15T00:00:00Z" })));
    expect(await versions(name)).toEqual([
      ["1.0.0", false],
      ["1.5.0", false],
      ["2.0.0", true],
    ]);
    expect((await h.db.prisma.server.findUniqueOrThrow({ where: { name } })).latestVersion).toBe("2.0.0");
  });

  it("asks for dependencies only of npm and PyPI packages, and never when dependencies are off", async () => {
    const oci = {
      registryType: "oci",
      identifier: "docker.io/acme/weather:1.0.0",
      transport: { type: "stdio" },
    };
    await upsert.upsert(importJob(entry("io.example/oci", "1.0.0", {}, { packages: [oci] })));
    await upsert.upsert(importJob(entry("io.example/remote", "1.0.0", {}, { packages: [] })));
    await offline.upsert(importJob(entry("io.example/offline", "1.0.0")));
    const pypi = { ...NPM, registryType: "pypi", identifier: "weather-mcp" };
    await upsert.upsert(importJob(entry("io.example/pypi", "1.0.0", {}, { packages: [oci, pypi] })));
    expect(await resolveJobs("io.example/oci")).toEqual([]);
    expect(await resolveJobs("io.example/remote")).toEqual([]);
    expect(await resolveJobs("io.example/offline")).toEqual([]);
    expect(await resolveJobs("io.example/pypi")).toHaveLength(1);
    expect(await indexJobs("io.example/offline")).toEqual(["index-server"]);
  });
});
