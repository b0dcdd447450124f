import { DependenciesRepository, ReportRepository } from "@catalog/db";
import { waitForIdle, type Harness } from "@catalog/testing";
import type { Worker } from "bullmq";
import { formatDistribution } from "../../services/catalog/src/report/distribution.js";
import { createDependencyServices } from "../../services/ingest/src/ingest.js";
import { catalogWorker, snapshotHarness } from "../support/catalog.js";
import { startDependencyApis, type DependencyApis } from "../support/dependency-apis.js";

/**
 * The share of the snapshot's packaged listings behind their package (docs/trust.md,
 * listing_behind_package): every npm and PyPI listing of the 2025-12-18 snapshot resolved
 * through the ingest service against deps.dev answers made from what the npm registry says of
 * each package today (tests/fixtures/dependencies/depsdev/npm-recorded.json), then re-derived by
 * the catalog and counted by `npm run report`'s query. Packages the recording does not hold (PyPI's,
 * and npm packages this machine's registry mirror lacks) answer 404, as deps.dev does for a
 * package it does not know, and count as listings whose newest version is not known.
 */
let h: Harness;
let apis: DependencyApis;
let worker: Worker;

beforeAll(async () => {
  h = await snapshotHarness();
  apis = await startDependencyApis();
  worker = catalogWorker(h);
}, 600_000);

afterAll(async () => {
  await worker?.close();
  await apis?.close();
  await h?.close();
});

it("counts the packaged listings of the snapshot behind their package", async () => {
  const services = createDependencyServices(h, {
    DEPSDEV_URL: apis.depsDevUrl,
    OSV_URL: apis.osvUrl,
    DEPENDENCY_TIMEOUT_MS: 5000,
    DEPENDENCY_RETRIES: 0,
    DEPSDEV_MIN_INTERVAL_MS: 1,
    OSV_MIN_INTERVAL_MS: 1,
    DEPENDENCY_REFRESH_DAYS: 30,
    DEPENDENCY_MONITOR_TOP: 0,
    DEPENDENCY_CONCURRENCY: 1,
    WORKER_LOCK_MS: 30_000,
  });
  // Every listing whose latest version declares an npm or PyPI package is owed a first resolve.
  const owed = await new DependenciesRepository(h.db.prisma).owedResolves("", 10_000);
  // Four at a time, as DEPENDENCY_CONCURRENCY would run them in the ingest service.
  const queue = owed.map((o) => o.name);
  const lane = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift())
      await services.resolve.resolve(name);
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
  await waitForIdle(h.bus, ["catalog"], 300_000);

  const distribution = await new ReportRepository(h.db.prisma).distribution();
  const line = formatDistribution(distribution).split("\n").at(-1);
  console.log(
    `${line}\n(resolved ${owed.length} packaged listings; ${apis.requests.length} deps.dev requests)`,
  );
  expect(owed).toHaveLength(521);
  // 128 listings install one of the 123 npm packages this machine's registry knows (npm-recorded.json).
  expect(distribution.packaged).toEqual({ listings: 521, read: 128, behind: 20 });

  type Evidence = { packages: { listed: string; newest: string; reason: string }[] };
  const { rows } = await h.db.pool.query<{ name: string; evidence: Evidence }>(
    `SELECT name, trust_evidence->'flags'->'listing_behind_package' AS evidence FROM servers
     WHERE 'listing_behind_package' = ANY (trust_flags) ORDER BY name`,
  );
  console.log(
    rows
      .map((r) => `${r.name}: ${r.evidence.packages.map((p) => `${p.listed} -> ${p.newest}`).join(", ")}`)
      .join("\n"),
  );
  expect(rows).toHaveLength(20);
  // Without publication times only the major rule can apply: every one is a major line behind.
  const major = (v: string) => Number(v.split(".")[0]);
  for (const { evidence } of rows)
    for (const p of evidence.packages) {
      expect(p.reason).toBe("major");
      expect(major(p.newest)).toBeGreaterThan(major(p.listed));
    }
  expect(rows.find((r) => r.name === "io.github.upstash/context7")).toEqual({
    name: "io.github.upstash/context7",
    evidence: {
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
    },
  });
}, 600_000);
