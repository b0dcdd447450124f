import { CategoryClassifier } from "@catalog/categories";
import {
  CatalogRepository,
  EvidenceRepository,
  PackageTargetsRepository,
  ProbesRepository,
  type VersionWrite,
} from "@catalog/db";
import type { EmbeddingProvider } from "@catalog/embeddings";
import { stableJobId } from "@catalog/queue";
import { namespaceOf } from "@catalog/registry";
import { createHarness, type Harness } from "@catalog/testing";
import { okProbe } from "@catalog/testing/mcp";
import { DerivedService } from "./derived.service.js";

const NOW = new Date("2026-03-01T00:00:00Z");
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

/** Stands in for an embedding model: every text gets the same vector, so the keyword rules decide. */
const constantModel: EmbeddingProvider = {
  model: "test/constant",
  dimensions: 2,
  embed: async (texts) => texts.map(() => Float32Array.of(1, 0)),
};

const WEATHER = { description: "Weather forecasts for any city." };

describe("DerivedService (real PostgreSQL and Redis)", () => {
  let h: Harness;
  let catalog: CatalogRepository;
  let probes: ProbesRepository;
  let derived: DerivedService;
  let withModel: DerivedService;
  let model: CategoryClassifier;
  beforeAll(async () => {
    h = await createHarness();
    catalog = new CatalogRepository(h.db.prisma);
    probes = new ProbesRepository(h.db.prisma);
    const service = (classifier: CategoryClassifier) =>
      new DerivedService(
        catalog,
        probes,
        new PackageTargetsRepository(h.db.prisma),
        new EvidenceRepository(),
        classifier,
        h.bus,
        HOUR_MS,
        () => NOW,
      );
    derived = service(CategoryClassifier.keywords());
    model = await CategoryClassifier.create(constantModel);
    withModel = service(model);
  });
  afterAll(() => h.close());

  /** Writes a version as the catalog stores it (the server row too, the first time). */
  async function write(name: string, server: Record<string, unknown>, changes: Partial<VersionWrite> = {}) {
    const v: VersionWrite = {
      serverName: name,
      version: "1.0.0",
      serverJson: { version: "1.0.0", ...server, name },
      officialMeta: {},
      status: "active",
      statusChangedAt: null,
      statusMessage: null,
      publishedAt: daysAgo(60),
      updatedAt: daysAgo(60),
      isLatest: true,
      contentHash: `hash ${name}`,
      source: "import",
      ...changes,
    };
    await catalog.withServerLock(name, async (tx) => {
      await catalog.ensureServer(tx, name, namespaceOf(name), v.publishedAt, v.updatedAt);
      await catalog.writeVersion(tx, v);
    });
  }
  const refresh = (name: string, service = derived) =>
    catalog.withServerLock(name, (tx) => service.refresh(tx, name));
  const assign = (name: string) => catalog.withServerLock(name, (tx) => withModel.assignCategories(tx, name));
  const server = (name: string) => h.db.prisma.server.findUniqueOrThrow({ where: { name } });
  const targets = (name: string) =>
    h.db.prisma.probeTarget.findMany({ where: { serverName: name }, orderBy: { url: "asc" } });

  it("derives nothing for a server it has no version of", async () => {
    expect(await refresh("io.example/none")).toBeNull();
    await catalog.withServerLock("io.example/empty", (tx) =>
      catalog.ensureServer(tx, "io.example/empty", "io.example", NOW, NOW),
    );
    expect(await refresh("io.example/empty")).toBeNull();
    expect((await server("io.example/empty")).derivedStale).toBe(true);
  });

  it("writes the latest version's facts, the span of all versions, and puts its plain remotes on the probe schedule", async () => {
    const name = "io.example/forecast";
    await write(name, { ...WEATHER, description: "Old text." }, { isLatest: false });
    await write(
      name,
      {
        ...WEATHER,
        version: "1.1.0",
        title: "Forecast",
        websiteUrl: "https://forecast.example.com",
        repository: { url: "https://github.com/example/forecast", source: "github" },
        remotes: [
          { type: "streamable-http", url: "https://forecast.example.com/mcp" },
          { type: "sse", url: "https://{tenant}.forecast.example.com/sse" },
        ],
      },
      { version: "1.1.0", publishedAt: daysAgo(30), updatedAt: daysAgo(29), contentHash: "hash 1.1.0" },
    );
    // Its description is the only evidence: unrated, not excellent.
    expect(await refresh(name)).toEqual({ qualityScore: null, qualityLabel: "unrated" });
    expect(await server(name)).toMatchObject({
      latestVersion: "1.1.0",
      status: "active",
      title: "Forecast",
      description: WEATHER.description,
      websiteUrl: "https://forecast.example.com",
      repositoryUrl: "https://github.com/example/forecast",
      firstPublishedAt: daysAgo(60),
      updatedAt: daysAgo(29),
      deletedAt: null,
      qualityScore: null,
      qualityLabel: "unrated",
      qualityAssessedAt: NOW,
      categories: ["location-maps"],
      derivedStale: false,
    });
    const [target, ...others] = await targets(name);
    expect(others).toEqual([]); // the templated remote cannot be probed as declared
    expect(target).toMatchObject({ url: "https://forecast.example.com/mcp", transport: "streamable-http" });
    expect(target!.nextProbeAt.getTime()).toBeGreaterThanOrEqual(NOW.getTime());
    expect(target!.nextProbeAt.getTime()).toBeLessThan(NOW.getTime() + HOUR_MS);
  });

  it("judges quality from the remote's probes, and stability from its scheduled probes of the last 30 days", async () => {
    const name = "io.example/probed";
    const url = "https://probed.example.com/mcp";
    await write(name, { ...WEATHER, remotes: [{ type: "streamable-http", url }] });
    const probe = (days: number, scheduled: boolean, outcome: "ok" | "timeout") => {
      const at = daysAgo(days);
      const result = okProbe({
        url,
        final_url: url,
        outcome,
        started_at: at.toISOString(),
        finished_at: at.toISOString(),
      });
      return catalog.withServerLock(name, (tx) =>
        probes.record(tx, {
          serverName: name,
          url,
          scheduled,
          outcome,
          protocolVersion: result.protocol.version,
          latencyMs: 80,
          authRequired: false,
          result,
          startedAt: at,
          finishedAt: at,
        }),
      );
    };
    await probe(40, true, "timeout"); // before the window
    await probe(5, false, "timeout"); // a check, not a scheduled probe
    await probe(3, true, "ok");
    await probe(1, true, "ok");
    const outcome = await refresh(name);
    const stored = await server(name);
    const checks = stored.qualityChecks as { id: string; status: string; detail: string }[];
    expect(checks.find((c) => c.id === "stability")).toMatchObject({
      status: "pass",
      detail: "2 of 2 scheduled probes in 30 days succeeded (100%).",
    });
    expect(checks.find((c) => c.id === "remote_reachable")).toMatchObject({ status: "pass" });
    expect(outcome).toEqual({ qualityScore: stored.qualityScore, qualityLabel: stored.qualityLabel });
    expect(stored.qualityScore).toBeGreaterThan(0);
    expect(stored.connectionClass).toBe("R0");
    expect(stored.accessClasses).toEqual([]); // these probes predate access classes
  });

  it("records the access classes the latest probes showed, for search's access filter", async () => {
    const name = "io.example/gated";
    const url = "https://gated.example.com/mcp";
    await write(name, { ...WEATHER, remotes: [{ type: "streamable-http", url }] });
    const at = daysAgo(0);
    const result = okProbe({ url, final_url: url, access: "late_gate", started_at: at.toISOString() });
    await catalog.withServerLock(name, (tx) =>
      probes.record(tx, {
        serverName: name,
        url,
        scheduled: true,
        outcome: "ok",
        protocolVersion: result.protocol.version,
        latencyMs: 80,
        authRequired: true,
        access: "late_gate",
        result,
        startedAt: at,
        finishedAt: at,
      }),
    );
    await refresh(name);
    expect((await server(name)).accessClasses).toEqual(["late_gate"]);
  });

  it("dates a deleted server from its status change (else its update) and takes its remotes off the schedule", async () => {
    const url = "https://gone.example.com/mcp";
    await write("io.example/gone", { ...WEATHER, remotes: [{ type: "streamable-http", url }] });
    await refresh("io.example/gone");
    expect((await targets("io.example/gone")).map((t) => t.active)).toEqual([true]);
    await write(
      "io.example/gone",
      { ...WEATHER, remotes: [{ type: "streamable-http", url }] },
      { status: "deleted", statusChangedAt: daysAgo(2), updatedAt: daysAgo(1), contentHash: "deleted" },
    );
    await refresh("io.example/gone");
    expect(await server("io.example/gone")).toMatchObject({ status: "deleted", deletedAt: daysAgo(2) });
    expect((await targets("io.example/gone")).map((t) => t.active)).toEqual([false]);

    await write("io.example/gone-undated", WEATHER, { status: "deleted", updatedAt: daysAgo(7) });
    await refresh("io.example/gone-undated");
    expect((await server("io.example/gone-undated")).deletedAt).toEqual(daysAgo(7));
  });

  it("keeps categories whose basis did not change, and assigns them again when it did or none are kept", async () => {
    const name = "io.example/kept";
    await write(name, WEATHER);
    await refresh(name);
    const first = await server(name);
    expect(first.categories).toEqual(["location-maps"]);
    expect(first.categoriesWanted).toBe(first.categoriesBasis);

    await h.db.prisma.server.update({ where: { name }, data: { categories: ["finance"] } });
    await refresh(name);
    expect((await server(name)).categories).toEqual(["finance"]);

    await h.db.prisma.server.update({ where: { name }, data: { categories: [] } });
    await refresh(name);
    expect((await server(name)).categories).toEqual(["location-maps"]);

    await write(name, { description: "Stock quotes and portfolio tracking." }, { contentHash: "stocks" });
    await refresh(name);
    const changed = await server(name);
    expect(changed.categories).toEqual(["finance"]);
    expect(changed.categoriesBasis).not.toBe(first.categoriesBasis);
  });

  it("with a model, leaves categories to one assign-categories job per server and text", async () => {
    const name = "io.example/modelled";
    await write(name, WEATHER);
    await refresh(name, withModel);
    await refresh(name, withModel); // the same text again: the same job
    const basis = model.basis({ name, title: null, description: WEATHER.description, tools: [] });
    const queued = async () =>
      (await h.bus.queue("catalog").getJobs(["waiting"]))
        .filter((j) => j.name === "assign-categories")
        .map((j) => [j.id, j.data]);
    expect(await queued()).toEqual([[stableJobId("categories", name, basis), { serverName: name }]]);
    expect(await server(name)).toMatchObject({
      categories: [],
      categoriesBasis: null,
      categoriesWanted: basis,
    });

    expect(await assign(name)).toEqual(["location-maps"]);
    expect(await server(name)).toMatchObject({ categories: ["location-maps"], categoriesBasis: basis });
    await h.bus.queue("catalog").obliterate({ force: true });
    await refresh(name, withModel);
    expect(await queued()).toEqual([]); // assigned from this text already

    // The job finds the text assigned already: it keeps what is stored.
    await h.db.prisma.server.update({ where: { name }, data: { categories: ["finance"] } });
    expect(await assign(name)).toEqual(["finance"]);
    expect(await assign("io.example/none")).toBeNull();
  });
});
