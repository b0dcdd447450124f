import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, createWriteStream, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { JobBus, type QueueName } from "@catalog/queue";
import { formatCursor, listEntries, parseRegistryDocument, type RegistryEntry } from "@catalog/registry";
import { sharedData, SNAPSHOT_2025_12_18, testPostgresUrl, withDatabase } from "@catalog/testing";
import { startDependencyApis, type DependencyApis } from "../support/dependency-apis.js";
import { FaultCluster, onInterrupt, sleep, sparePort } from "./cluster.js";
import { startUpstream, type Hold, type Upstream } from "./upstream.js";

/**
 * Outages during one run of the registry mirror, against a PostgreSQL cluster and a Redis
 * server of this file's own (see cluster.ts), with the built ingest and catalog services as
 * processes and the snapshot served by a stand-in for the upstream registry (upstream.ts):
 *  1. PostgreSQL down (stopped in immediate mode) while the mirror waits for one page;
 *  2. Redis killed (SIGKILL; append-only file) while it waits for a later page;
 *  3. the ingest and catalog processes killed (SIGKILL) in the middle of their jobs (the
 *     catalog writing a later page, the mirror waiting for the one after), and started again.
 * After each: every version handed over so far is in the catalog (at the end: every version of
 * the served snapshot), no job is `failed`, and both services' /healthz answer 200 within 10 s
 * of the dependency's return. The tests share the run and go in order.
 *
 * CI runs 2-second outages over 120 versions in pages of 25: the point there is convergence,
 * in well under a minute. The long run (scripts/faults.mjs) sets FAULT_OUTAGE_SECONDS=120,
 * FAULT_ENTRIES=all, FAULT_PAGE_SIZE=100 and FAULT_PAGES=10,19,27: two-minute outages over the
 * whole snapshot, well past the ~31 s in which the old retry policy gave jobs up. FAULT_REPORT
 * names a file that gets one JSON line of figures per fault.
 */
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_SECONDS ?? 2) * 1000;
const ENTRIES = process.env.FAULT_ENTRIES === "all" ? Infinity : Number(process.env.FAULT_ENTRIES ?? 120);
/** Entries per page the upstream serves (the mirror asks for 100); small pages keep CI short. */
const PAGE_SIZE = Number(process.env.FAULT_PAGE_SIZE ?? 25);
/**
 * The pages the mirror waits for when PostgreSQL goes down, when Redis is killed, and
 * whose jobs the catalog is writing when the processes are killed.
 */
const [PG_PAGE, REDIS_PAGE, KILL_PAGE] = (process.env.FAULT_PAGES ?? "2,3,4").split(",").map(Number) as [
  number,
  number,
  number,
];
const REPORT = process.env.FAULT_REPORT;
/** What the services may take to see a dependency back (the bound). */
const HEALTH_WITHIN_MS = 10_000;
/** Generous: the machine may be loaded; convergence is what is asserted, not its speed. */
const CONVERGE_WITHIN_MS = 240_000 + (ENTRIES === Infinity ? 600_000 : 0);
const TEST_MS = 2 * OUTAGE_MS + CONVERGE_WITHIN_MS + 120_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TEMPLATE = "catalog_faults_template";
/** An upstream entry that fails validation (publishedAt is no date): skipped and counted, never fatal. */
const HOSTILE = {
  server: { name: "io.example/hostile-entry", version: "1.0.0", description: "x" },
  _meta: {
    "io.modelcontextprotocol.registry/official": {
      status: "active",
      publishedAt: "not a date",
      updatedAt: "2025-12-01T00:00:00Z",
      isLatest: true,
    },
  },
};

let cluster: FaultCluster;
let upstream: Upstream;
let apis: DependencyApis;
/** The served entries in list order (name, version): page n holds [100 (n-1), 100 n). */
let listed: RegistryEntry[];
const services: ChildProcess[] = [];
let forgetInterrupt = () => undefined as unknown;
let failed = false;

const key = (e: RegistryEntry) => `${e.server.name}@${e.server.version}`;
/** The versions handed over before the mirror asks for `page`. */
const before = (page: number) => new Set(listed.slice(0, (page - 1) * PAGE_SIZE).map(key));
/** The cursor of the request for `page` (2 or later). */
const cursorOf = (page: number) => {
  const last = listed[(page - 1) * PAGE_SIZE - 1]!;
  return formatCursor(last.server.name, last.server.version);
};

beforeAll(async () => {
  // A run cut short leaves no service behind (the cluster stops itself the same way).
  process.once("exit", () => services.forEach((child) => child.kill("SIGKILL")));
  forgetInterrupt = onInterrupt(() => services.forEach((child) => child.kill("SIGKILL")));
  cluster = await FaultCluster.start();
  await cluster.createDatabaseFrom(withDatabase(testPostgresUrl(), process.env.TEST_TEMPLATE_DB!), TEMPLATE);
  const { entries } = parseRegistryDocument(readFileSync(sharedData(SNAPSHOT_2025_12_18), "utf8"));
  const slice = entries.slice(0, Math.min(entries.length, ENTRIES));
  listed = listEntries(slice, { limit: slice.length, includeDeleted: true }).entries;
  // The kill strikes while the catalog writes page KILL_PAGE and the mirror waits for the next.
  expect(PG_PAGE < REDIS_PAGE && REDIS_PAGE < KILL_PAGE && KILL_PAGE * PAGE_SIZE < listed.length).toBe(true);
  upstream = await startUpstream(slice, [HOSTILE], PAGE_SIZE);
  apis = await startDependencyApis();
}, 120_000);

afterAll(async () => {
  forgetInterrupt();
  for (const child of services)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await upstream?.close();
  await apis?.close();
  if (failed || process.env.FAULT_KEEP) {
    cluster?.stopSync();
    process.stderr.write(`faults: service logs kept in ${cluster?.dir}\n`);
  } else await cluster?.stop();
}, 60_000);

type Service = { child: ChildProcess; port: number; kill: () => Promise<void> };

const DB = "faults_run";
const PREFIX = "faults";
let bus: JobBus;
let catalog: Service;
let ingest: Service;

async function startService(service: "ingest" | "catalog"): Promise<Service> {
  const port = await sparePort();
  const log = createWriteStream(path.join(cluster.dir, `${service}.log`), { flags: "a" });
  const child = spawn(process.execPath, [path.join(root, "services", service, "dist", "main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      DATABASE_URL: cluster.postgresUrl(DB),
      REDIS_URL: cluster.redisUrl,
      QUEUE_PREFIX: PREFIX,
      CATALOG_PORT: String(port),
      INGEST_PORT: String(port),
      // A killed worker's job is taken over after a few seconds.
      WORKER_LOCK_MS: "2000",
      CATALOG_CONCURRENCY: "4",
      EMBEDDING_PROVIDER: "none",
      REGISTRY_URL: upstream.url,
      REGISTRY_MIN_INTERVAL_MS: "0",
      // A page held for minutes is a slow upstream, not an unreachable one.
      REGISTRY_TIMEOUT_MS: "3600000",
      MIRROR_ON_START: "true",
      MIRROR_EVERY_MS: "3600000",
      DEPSDEV_URL: apis.depsDevUrl,
      OSV_URL: apis.osvUrl,
      DEPENDENCY_RETRIES: "0",
      DEPSDEV_MIN_INTERVAL_MS: "0",
      OSV_MIN_INTERVAL_MS: "0",
      SHUTDOWN_GRACE_MS: "5000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  services.push(child);
  return {
    child,
    port,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Polls until `condition` holds; a condition that throws counts as not yet. Returns the wait in ms. */
async function until(what: string, condition: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await condition().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

async function healthy(service: Service): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${service.port}/healthz`, { signal: AbortSignal.timeout(3000) });
  return res.status === 200;
}

async function unhealthy(service: Service): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${service.port}/healthz`, { signal: AbortSignal.timeout(3000) });
  return res.status === 503;
}

/** Both services answer /healthz 200; the wait in ms. */
function bothHealthy(timeoutMs: number): Promise<number> {
  return until(
    "both services' /healthz to answer 200",
    async () => (await healthy(catalog)) && (await healthy(ingest)),
    timeoutMs,
  );
}

function bothUnhealthy(): Promise<number> {
  return until(
    "both services' /healthz to answer 503",
    async () => (await unhealthy(catalog)) && (await unhealthy(ingest)),
    30_000,
  );
}

async function versionsPresent(): Promise<Set<string>> {
  const rows = await cluster.sql<{ key: string }>(
    DB,
    "SELECT server_name || '@' || version AS key FROM server_versions",
  );
  return new Set(rows.map((r) => r.key));
}

function jobCounts(queue: QueueName): Promise<Record<string, number>> {
  return bus.queue(queue).getJobCounts("waiting", "active", "delayed", "prioritized", "failed");
}

async function catalogIdle(): Promise<boolean> {
  const c = await jobCounts("catalog");
  return c.waiting! + c.active! + c.delayed! + c.prioritized! === 0;
}

/**
 * Waits until every version in `wanted` is in the catalog, the catalog's queue is idle and the
 * mirror has gone on to `next` (held there) or, without one, completed its run. Returns the
 * wait, and how long until the first new version was written (writing resumed), in ms.
 */
async function converged(
  wanted: Set<string>,
  next: Hold | undefined,
): Promise<{ convergeMs: number; resumedMs: number | undefined }> {
  const started = Date.now();
  const baseline = (await versionsPresent()).size;
  let resumedMs: number | undefined;
  await until(
    `the catalog to hold ${wanted.size} versions`,
    async () => {
      const present = await versionsPresent();
      if (resumedMs === undefined && present.size > baseline) resumedMs = Date.now() - started;
      if (next && !next.isReached()) return false;
      if (!next) {
        const [state] = await cluster.sql<{ done: boolean }>(
          DB,
          "SELECT last_success_at IS NOT NULL AND run_mode IS NULL AS done FROM mirror_state",
        );
        if (!state?.done) return false;
        const mirror = await jobCounts("mirror");
        if (mirror.waiting! + mirror.active! + mirror.prioritized! > 0) return false;
      }
      return [...wanted].every((k) => present.has(k)) && (await catalogIdle());
    },
    CONVERGE_WITHIN_MS,
  );
  return { convergeMs: Date.now() - started, resumedMs };
}

/** Every wanted version present, and no job failed in any queue the services consume. */
async function expectConverged(wanted: Set<string>): Promise<{ present: number; failedJobs: number }> {
  const present = await versionsPresent();
  expect([...wanted].filter((k) => !present.has(k))).toEqual([]);
  let failedJobs = 0;
  for (const queue of ["catalog", "mirror", "dependencies"] as const) {
    const failedHere = (await jobCounts(queue)).failed!;
    expect({ queue, failed: failedHere }).toEqual({ queue, failed: 0 });
    failedJobs += failedHere;
  }
  return { present: [...wanted].filter((k) => present.has(k)).length, failedJobs };
}

function report(figures: Record<string, unknown>): void {
  const line = { ...figures, outageSeconds: OUTAGE_MS / 1000, at: new Date().toISOString() };
  process.stderr.write(`faults: ${JSON.stringify(line)}\n`);
  if (REPORT) appendFileSync(REPORT, `${JSON.stringify(line)}\n`);
}

async function guarded(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (err) {
    failed = true;
    throw err;
  }
}

describe("outages during one registry mirror run", () => {
  /** The requests for the pages where a fault strikes, held until the fault is in place. */
  const holds = new Map<number, Hold>();
  const hold = (page: number) => holds.set(page, upstream.holdAt(cursorOf(page))).get(page)!;

  beforeAll(async () => {
    await cluster.copyDatabase(TEMPLATE, DB);
    bus = new JobBus({ redisUrl: cluster.redisUrl, prefix: PREFIX });
    hold(PG_PAGE);
    [catalog, ingest] = await Promise.all([startService("catalog"), startService("ingest")]);
  });
  afterAll(async () => {
    for (const s of [catalog, ingest]) {
      if (!s || s.child.exitCode !== null || s.child.signalCode !== null) continue;
      const exited = new Promise((resolve) => s.child.once("exit", resolve));
      s.child.kill("SIGTERM");
      await Promise.race([exited, sleep(15_000)]);
    }
    await bus?.close();
  }, 60_000);

  it(
    "PostgreSQL down: every version handed over arrives, nothing fails, health recovers",
    () =>
      guarded(async () => {
        const here = holds.get(PG_PAGE)!;
        await here.reached; // the pages before are queued; the catalog is writing them
        await cluster.stopPostgres();
        const downAt = Date.now();
        const next = hold(REDIS_PAGE);
        here.release();
        await bothUnhealthy();
        await sleep(Math.max(0, OUTAGE_MS - (Date.now() - downAt)));
        const failedDuringOutage = (await jobCounts("catalog")).failed!;
        await cluster.startPostgres();
        const backAt = Date.now();
        const healthMs = await bothHealthy(HEALTH_WITHIN_MS);
        const wanted = before(REDIS_PAGE);
        const offset = Date.now() - backAt;
        const { resumedMs } = await converged(wanted, next);
        const convergeMs = Date.now() - backAt;
        const { present, failedJobs } = await expectConverged(wanted);
        expect(failedDuringOutage).toBe(0);
        // The hostile entry of the first page was skipped and counted; the mirror went on.
        const metrics = await (await fetch(`http://127.0.0.1:${ingest.port}/metrics`)).text();
        const invalid = /catalog_mirror_invalid_entries_total\{[^}]*\} (\d+)/.exec(metrics)?.[1];
        expect(Number(invalid)).toBeGreaterThanOrEqual(1);
        report({
          fault: "postgres-down",
          expected: wanted.size,
          present,
          failedJobs,
          failedDuringOutage,
          outageMs: backAt - downAt,
          healthMs,
          resumedMs: resumedMs === undefined ? undefined : offset + resumedMs,
          convergeMs,
        });
      }),
    TEST_MS,
  );

  it(
    "Redis killed and restarted from its append-only file: every version handed over arrives",
    () =>
      guarded(async () => {
        const here = holds.get(REDIS_PAGE)!;
        await here.reached;
        await cluster.killRedis();
        const downAt = Date.now();
        const next = hold(KILL_PAGE);
        here.release();
        await bothUnhealthy();
        await sleep(Math.max(0, OUTAGE_MS - (Date.now() - downAt)));
        await cluster.startRedis();
        const backAt = Date.now();
        const healthMs = await bothHealthy(HEALTH_WITHIN_MS);
        const wanted = before(KILL_PAGE);
        const offset = Date.now() - backAt;
        const { resumedMs } = await converged(wanted, next);
        const convergeMs = Date.now() - backAt;
        const { present, failedJobs } = await expectConverged(wanted);
        report({
          fault: "redis-killed",
          expected: wanted.size,
          present,
          failedJobs,
          outageMs: backAt - downAt,
          healthMs,
          resumedMs: resumedMs === undefined ? undefined : offset + resumedMs,
          convergeMs,
        });
      }),
    TEST_MS,
  );

  it(
    "ingest and catalog killed with SIGKILL in the middle of their jobs: the run completes with every version",
    () =>
      guarded(async () => {
        // The mirror hands page KILL_PAGE over and waits for the next; the catalog writes it.
        const next = hold(KILL_PAGE + 1);
        holds.get(KILL_PAGE)!.release();
        await next.reached;
        const queued = before(KILL_PAGE + 1).size;
        // Catalog jobs in flight (on a fast machine the page may be written already: the mirror's
        // job is in flight all the same).
        await until(
          "catalog jobs in flight",
          async () => (await jobCounts("catalog")).active! > 0 || (await versionsPresent()).size >= queued,
          CONVERGE_WITHIN_MS,
        );
        await Promise.all([catalog.kill(), ingest.kill()]);
        const killedAt = Date.now();
        const atKill = (await versionsPresent()).size;
        next.release(); // answers a dead connection
        [catalog, ingest] = await Promise.all([startService("catalog"), startService("ingest")]);
        const healthMs = await bothHealthy(60_000);
        const wanted = new Set(listed.map(key));
        const offset = Date.now() - killedAt;
        const { resumedMs } = await converged(wanted, undefined);
        const convergeMs = Date.now() - killedAt;
        const { present, failedJobs } = await expectConverged(wanted);
        expect(present).toBe(listed.length);
        expect((await versionsPresent()).size).toBe(listed.length); // and nothing else
        report({
          fault: "workers-killed",
          expected: wanted.size,
          present,
          failedJobs,
          atKill,
          healthMs,
          resumedMs: resumedMs === undefined ? undefined : offset + resumedMs,
          convergeMs,
        });
      }),
    TEST_MS,
  );
});
