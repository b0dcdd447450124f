import { OFFICIAL_META_KEY, type RegistryEntry } from "@catalog/registry";
import { listenToChanges } from "@catalog/queue";
import { createHarness, importJob, waitForIdle, type Harness } from "@catalog/testing";
import { startCatalogWorker } from "./catalog.js";

/** A registry entry with an npm package (whose dependencies a release would have resolved). */
const entry = (name: string): RegistryEntry => ({
  server: {
    name,
    description: "Forecasts",
    version: "1.0.0",
    packages: [
      {
        registryType: "npm",
        identifier: "@acme/weather-mcp",
        version: "1.0.0",
        transport: { type: "stdio" },
      },
    ],
  },
  _meta: {
    [OFFICIAL_META_KEY]: {
      status: "active",
      publishedAt: "2025-11-01T10:00:00Z",
      updatedAt: "2025-11-01T10:00:00Z",
      isLatest: true,
    },
  },
});

describe("the catalog worker", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  async function run(dependencies: boolean, name: string): Promise<{ heard: string[]; resolves: number }> {
    const heard: string[] = [];
    let listening = false;
    const listener = listenToChanges(h.redisUrl, h.prefix, {
      changed: (c) => heard.push(c),
      reset: (l) => void (listening = l),
    });
    const worker = startCatalogWorker({
      db: h.db,
      bus: h.bus,
      log: h.log,
      config: {
        CATALOG_CONCURRENCY: 2,
        WORKER_LOCK_MS: 5000,
        PROBE_INTERVAL_MS: 86_400_000,
        DEPENDENCIES_ENABLED: dependencies,
      },
    });
    try {
      const deadline = Date.now() + 10_000;
      while (!listening && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await h.bus.add("catalog", "upsert-version", importJob(entry(name)));
      await waitForIdle(h.bus, ["catalog"]);
      while (heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const jobs = await h.bus.queue("dependencies").getJobs(["waiting", "delayed", "prioritized"]);
      const resolves = jobs.filter((j) => (j.data as { serverName?: string }).serverName === name).length;
      return { heard, resolves };
    } finally {
      await worker.close();
      await listener.close();
    }
  }

  it("announces each server it writes, once the write is committed", async () => {
    const { heard } = await run(true, "io.github.acme/weather");
    expect(heard).toContain("io.github.acme/weather");
    const { rows } = await h.db.pool.query(`SELECT name FROM servers`);
    expect(rows).toEqual([{ name: "io.github.acme/weather" }]);
  });

  it("asks for a new release's dependencies, unless dependencies are switched off", async () => {
    expect((await run(true, "io.github.acme/on")).resolves).toBe(1);
    expect((await run(false, "io.github.acme/off")).resolves).toBe(0);
  });
});
