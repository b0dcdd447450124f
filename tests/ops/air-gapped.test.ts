import { readFileSync } from "node:fs";
import { parseRegistryDocument } from "@catalog/registry";
import {
  createHarness,
  sharedData,
  SNAPSHOT_2025_12_18,
  unusedPort,
  waitForIdle,
  type Harness,
} from "@catalog/testing";
import { CatalogHandOver } from "../../services/ingest/src/mirror/hand-over.js";
import { serveGateway } from "../support/gateway.js";
import { ServiceProcesses, until } from "../support/service-process.js";

/**
 * An air-gapped install: every outbound integration switched off, the upstream URLs pointed at
 * ports nothing listens on (a request would fail and be retried). The catalog still loads from
 * an import; nothing is queued that no one may run, nothing retries, and every /healthz says
 * what is off.
 */
const OFF = { MIRROR_ENABLED: "false", DEPENDENCIES_ENABLED: "false", SCHEDULED_PROBES_ENABLED: "false" };
const DEADLINE_MS = 120_000;

let h: Harness;
const processes = new ServiceProcesses();

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  processes.killAll();
  await h?.close();
});

async function startService(service: string, env: Record<string, string>): Promise<string> {
  const port = await unusedPort();
  processes.start(h, service, { [`${service.toUpperCase()}_PORT`]: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  await until(`${service} /healthz`, async () => (await fetch(`${url}/healthz`)).ok, DEADLINE_MS);
  return url;
}

it("loads an import, queues nothing it may not run, and says what is off", async () => {
  const nowhere = `http://127.0.0.1:${await unusedPort()}`;
  // What an earlier start with the mirror on left in Redis.
  await h.bus.queue("mirror").upsertJobScheduler("mirror-hourly", { every: 3_600_000 }, { name: "mirror" });
  const env = {
    ...OFF,
    REGISTRY_URL: nowhere,
    DEPSDEV_URL: nowhere,
    OSV_URL: nowhere,
    EMBEDDING_PROVIDER: "none",
    PROBE_SCHEDULE_EVERY_MS: "500",
    PROBE_INTERVAL_MS: "1000",
  };
  const urls = await Promise.all(["ingest", "catalog", "prober"].map((s) => startService(s, env)));

  const { entries } = parseRegistryDocument(readFileSync(sharedData(SNAPSHOT_2025_12_18), "utf8"));
  const slice = entries.slice(0, 80);
  const withPackages = slice.filter((e) => e.server.packages?.some((p) => p.registryType === "npm"));
  const withRemotes = slice.filter((e) => (e.server.remotes ?? []).length > 0);
  expect([withPackages.length > 5, withRemotes.length > 5]).toEqual([true, true]);
  await CatalogHandOver.create(h.db.prisma, h.bus).versions(slice, "import");
  await waitForIdle(h.bus, ["catalog"], DEADLINE_MS);
  const servers = await h.db.pool.query(`SELECT count(*)::int AS n FROM servers`);
  expect(servers.rows[0].n).toBeGreaterThan(50);

  // Several schedule periods later: still nothing for deps.dev, OSV, the registry or probes.
  await new Promise((r) => setTimeout(r, 3_000));
  const names = async (queue: "dependencies" | "mirror" | "prober" | "catalog") => {
    const jobs = await h.bus
      .queue(queue)
      .getJobs(["waiting", "delayed", "active", "failed", "completed", "prioritized"]);
    return [...new Set(jobs.map((j) => j.name))].sort();
  };
  expect({
    dependencies: await names("dependencies"),
    mirror: await names("mirror"),
    mirrorSchedules: await h.bus.queue("mirror").getJobSchedulers(),
    // The daily clean-up of old checks, daily quality scores and the token count stay: they reach
    // nothing outside.
    prober: await names("prober"),
    catalog: await names("catalog"),
    retrying: await h.bus.queue("catalog").getJobCounts("delayed", "failed"),
  }).toEqual({
    dependencies: [],
    mirror: [],
    mirrorSchedules: [],
    prober: ["cleanup-checks"],
    catalog: ["count-tokens", "daily-scores", "upsert-version"],
    retrying: { delayed: 0, failed: 0 },
  });

  const off = { registry_mirror: "off", dependencies: "off", scheduled_probes: "off" };
  for (const url of urls) {
    const health = (await (await fetch(`${url}/healthz`)).json()) as { integrations: unknown };
    expect(health.integrations).toEqual(off);
    const metrics = await (await fetch(`${url}/metrics`)).text();
    for (const name of Object.keys(off))
      expect(metrics).toMatch(
        new RegExp(`catalog_integration_enabled\\{[^}]*integration="${name}"[^}]*\\} 0`),
      );
  }
  const gateway = await serveGateway(h, () => OFF);
  try {
    const health = (await (await fetch(`${gateway.url}/healthz`)).json()) as { integrations: unknown };
    expect(health.integrations).toEqual(off);
  } finally {
    await gateway.close();
  }
}, 300_000);
