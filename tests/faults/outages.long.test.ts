import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, createWriteStream, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Database } from "@catalog/db";
import { JobBus, PROBER_ORDER, type QueueName } from "@catalog/queue";
import { formatCursor, listEntries, parseRegistryDocument, type RegistryEntry } from "@catalog/registry";
import { sharedData, SNAPSHOT_2025_12_18, testPostgresUrl, withDatabase } from "@catalog/testing";
import { startModernServer, type TestHttpServer } from "@catalog/testing/mcp";
import { CatalogHandOver } from "../../services/ingest/src/mirror/hand-over.js";
import { startDependencyApis, type DependencyApis } from "../support/dependency-apis.js";
import { FaultCluster, onInterrupt, sleep, sparePort } from "./cluster.js";
import { startUpstream, type Hold, type Upstream } from "./upstream.js";

/**
 * Outages during one run of the registry mirror, against a PostgreSQL cluster and a Redis
 * server of this file's own (see cluster.ts), with the built ingest, catalog, prober and search
 * (EMBEDDING_PROVIDER=none) services as processes and the snapshot served by a stand-in for the
 * upstream registry (upstream.ts). Checks are queued the way the gateway queues them (a `checks`
 * row, then a prober `check` job whose id is the check's) against a slow local MCP test server.
 *  1. PostgreSQL down (stopped in immediate mode) while the mirror waits for one page, with
 *     checks queued and running and the catalog's index jobs pending (search queue paused until
 *     PostgreSQL is down);
 *  2. Redis killed (SIGKILL; append-only file) while it waits for a later page;
 *  3. Redis restarted empty (its file gone: a restart without persistence, a failover to an
 *     empty replica) while the mirror waits for a later page, with checks queued and running, tool
 *     lists and index jobs pending: every service notices, re-declares what it keeps in Redis and
 *     queues again what PostgreSQL says it owes;
 *  4. all four processes killed (SIGKILL) in the middle of their jobs (the catalog writing a
 *     later page, the mirror waiting for the one after, checks running, index jobs), and started
 *     again.
 * Before each, tool lists of servers already in the catalog are queued (`import-tools`).
 * After each: every version handed over so far is in the catalog (at the end: every version of
 * the served snapshot), every check so far is `done` with a result, every tool list queued so
 * far has its tool and its observation, every server has its search
 * document, no job is `failed`, and every service's /healthz answers 200 within 10 s of the
 * dependency's return. The tests share the run and go in order.
 *
 * CI runs 2-second outages over 200 versions in pages of 25: the point there is convergence,
 * in well under a minute. The long run (scripts/faults.mjs) sets FAULT_OUTAGE_SECONDS=120,
 * FAULT_ENTRIES=all, FAULT_PAGE_SIZE=100 and FAULT_PAGES=10,19,23,25,26,27: two-minute outages over the
 * whole snapshot, well past the ~31 s in which the old retry policy gave jobs up. FAULT_REPORT
 * names a file that gets one JSON line of figures per fault.
 */
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_SECONDS ?? 2) * 1000;
const ENTRIES = process.env.FAULT_ENTRIES === "all" ? Infinity : Number(process.env.FAULT_ENTRIES ?? 200);
/** Entries per page the upstream serves (the mirror asks for 100); small pages keep CI short. */
const PAGE_SIZE = Number(process.env.FAULT_PAGE_SIZE ?? 25);
/**
 * The pages the mirror waits for when PostgreSQL goes down, when Redis is killed, when Redis
 * comes back empty, when Redis starts losing keys one by one (an evicting policy under memory
 * pressure, a replica that had part of the data), when Redis is emptied in place (FLUSHALL), and
 * whose jobs the catalog is writing when the processes are killed.
 */
const [PG_PAGE, REDIS_PAGE, EMPTY_PAGE, PARTIAL_PAGE, FLUSH_PAGE, KILL_PAGE] = (
  process.env.FAULT_PAGES ?? "2,3,4,5,6,7"
)
  .split(",")
  .map(Number) as [number, number, number, number, number, number];
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
/** The MCP server the checks probe: answers each request after 200 ms, so a check takes a while. */
let mcp: TestHttpServer & { url: string };
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
  expect(
    PG_PAGE < REDIS_PAGE &&
      REDIS_PAGE < EMPTY_PAGE &&
      EMPTY_PAGE < PARTIAL_PAGE &&
      PARTIAL_PAGE < FLUSH_PAGE &&
      FLUSH_PAGE < KILL_PAGE &&
      KILL_PAGE * PAGE_SIZE < listed.length,
  ).toBe(true);
  upstream = await startUpstream(slice, [HOSTILE], PAGE_SIZE);
  apis = await startDependencyApis();
  mcp = await startModernServer({ delayMs: 200 });
}, 120_000);

afterAll(async () => {
  forgetInterrupt();
  for (const child of services)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await upstream?.close();
  await apis?.close();
  await mcp?.close();
  if (failed || process.env.FAULT_KEEP) {
    cluster?.stopSync();
    process.stderr.write(`faults: service logs kept in ${cluster?.dir}\n`);
  } else await cluster?.stop();
}, 60_000);

type Kind = "ingest" | "catalog" | "prober" | "search";
type Service = { child: ChildProcess; port: number; kill: () => Promise<void> };

const DB = "faults_run";
const PREFIX = "faults";
let bus: JobBus;
/** The test's own connection to the run's database (the hand-over records in the catalog's inbox). */
let db: Database;
let handOver: CatalogHandOver;
let catalog: Service;
let ingest: Service;
let prober: Service;
let search: Service;
const all = () => [catalog, ingest, prober, search];
/** The checks queued so far (each scenario adds some): every one must end `done` with a result. */
const checkIds: string[] = [];
const CHECKS = 4;
/** Tool lists handed to the catalog before each fault. */
const TOOL_LISTS = 5;

async function startService(service: Kind): Promise<Service> {
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
      PROBER_PORT: String(port),
      SEARCH_PORT: String(port),
      SEARCH_METRICS_PORT: "0",
      // Checks may reach the loopback MCP test server.
      URL_POLICY_TEST_MODE: "true",
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

/** Every service answers /healthz 200; the wait in ms. */
function allHealthy(timeoutMs: number): Promise<number> {
  return until(
    "every service's /healthz to answer 200",
    async () => {
      for (const s of all()) if (!(await healthy(s))) return false;
      return true;
    },
    timeoutMs,
  );
}

function allUnhealthy(): Promise<number> {
  return until(
    "every service's /healthz to answer 503",
    async () => {
      for (const s of all()) if (!(await unhealthy(s))) return false;
      return true;
    },
    30_000,
  );
}

/** Checks as the gateway starts them: a `checks` row, then a prober `check` job whose id is the check's. */
async function queueChecks(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => randomBytes(16).toString("base64url"));
  for (const id of ids) {
    await cluster.sql(
      DB,
      `INSERT INTO checks (id, url, normalized_url, host, requester, expires_at)
       VALUES ($1, $2, $2, $3, 'ip:faults', now() + interval '1 day')`,
      [id, mcp.url, new URL(mcp.url).hostname],
    );
    await bus.add("prober", "check", { checkId: id }, { jobId: id, ...PROBER_ORDER.check });
  }
  checkIds.push(...ids);
  return ids;
}

/** Tool lists handed to the catalog (`import-tools`), one per server, each with a tool of its own. */
const toolLists: { serverName: string; tool: string; observedAt: string }[] = [];

/** Queues `n` tool lists, for servers written so far that have none yet (waiting for them). */
async function queueToolLists(n: number): Promise<void> {
  let rows: { name: string }[] = [];
  await until(
    `${n} servers without a tool list`,
    async () => {
      rows = await cluster.sql<{ name: string }>(
        DB,
        "SELECT name FROM servers WHERE name <> ALL($1) ORDER BY name LIMIT $2",
        [toolLists.map((t) => t.serverName), n],
      );
      return rows.length === n;
    },
    CONVERGE_WITHIN_MS,
  );
  for (const { name } of rows) {
    const list = {
      serverName: name,
      tool: `fault_${randomBytes(4).toString("hex")}`,
      observedAt: new Date().toISOString(),
    };
    // As the operator import hands them over: recorded in the catalog's inbox, then queued.
    await handOver.toolLists(
      [
        {
          serverName: name,
          tools: [
            {
              name: list.tool,
              description: "Listed while a dependency was away",
              inputSchema: { type: "object" },
            },
          ],
        },
      ],
      list.observedAt,
    );
    toolLists.push(list);
  }
}

/** The tool lists queued so far whose tool, observation or search document is not there. */
async function toolListsMissing(): Promise<string[]> {
  const rows = await cluster.sql<{ server: string }>(
    DB,
    `SELECT l.server FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS l(server, tool, at)
      WHERE NOT EXISTS (SELECT 1 FROM tools t WHERE t.server_name = l.server AND t.name = l.tool)
         OR NOT EXISTS (SELECT 1 FROM tool_observations o WHERE o.server_name = l.server AND o.observed_at = l.at)
         OR NOT EXISTS (SELECT 1 FROM search_documents d WHERE d.server_name = l.server AND d.tool_name = l.tool)`,
    [toolLists.map((t) => t.serverName), toolLists.map((t) => t.tool), toolLists.map((t) => t.observedAt)],
  );
  return rows.map((r) => r.server);
}

async function checksDone(): Promise<number> {
  const [row] = await cluster.sql<{ n: string }>(
    DB,
    "SELECT count(*) AS n FROM checks WHERE id = ANY($1) AND status = 'done' AND result IS NOT NULL",
    [checkIds],
  );
  return Number(row!.n);
}

async function checksRunning(): Promise<boolean> {
  const [row] = await cluster.sql<{ n: string }>(
    DB,
    "SELECT count(*) AS n FROM checks WHERE status = 'running'",
  );
  return Number(row!.n) > 0;
}

/** The servers in the catalog, and those without their search document. */
async function unindexed(): Promise<{ servers: number; missing: string[] }> {
  const rows = await cluster.sql<{ name: string; indexed: boolean }>(
    DB,
    `SELECT s.name, EXISTS (SELECT 1 FROM search_documents d WHERE d.server_name = s.name AND d.kind = 'server')
       AS indexed FROM servers s`,
  );
  return { servers: rows.length, missing: rows.filter((r) => !r.indexed).map((r) => r.name) };
}

/**
 * Every check done with a result, every tool list observed, every server indexed, the prober
 * and search queues idle.
 */
async function workersConverged(): Promise<boolean> {
  if ((await checksDone()) < checkIds.length) return false;
  if ((await toolListsMissing()).length > 0) return false;
  if ((await unindexed()).missing.length > 0) return false;
  return (await idle("prober")) && (await idle("search"));
}

async function versionsPresent(): Promise<Set<string>> {
  const rows = await cluster.sql<{ key: string }>(
    DB,
    "SELECT server_name || '@' || version AS key FROM server_versions",
  );
  return new Set(rows.map((r) => r.key));
}

function jobCounts(queue: QueueName): Promise<Record<string, number>> {
  return bus.queue(queue).getJobCounts("waiting", "active", "delayed", "prioritized", "failed", "paused");
}

async function idle(queue: QueueName): Promise<boolean> {
  const c = await bus.queue(queue).getJobCounts("waiting", "active", "delayed", "prioritized", "paused");
  return c.waiting! + c.active! + c.delayed! + c.prioritized! + c.paused! === 0;
}

const catalogIdle = () => idle("catalog");

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
      return [...wanted].every((k) => present.has(k)) && (await catalogIdle()) && (await workersConverged());
    },
    CONVERGE_WITHIN_MS,
  );
  return { convergeMs: Date.now() - started, resumedMs };
}

/**
 * Every wanted version present, every check done with a result, every tool list observed, every
 * server indexed, and no job failed in any queue the services consume.
 */
async function expectConverged(wanted: Set<string>) {
  const present = await versionsPresent();
  expect([...wanted].filter((k) => !present.has(k))).toEqual([]);
  expect(await checksDone()).toBe(checkIds.length);
  expect(await toolListsMissing()).toEqual([]);
  const { servers, missing } = await unindexed();
  expect(missing).toEqual([]);
  let failedJobs = 0;
  for (const queue of ["catalog", "mirror", "dependencies", "prober", "search"] as const) {
    const failedHere = (await jobCounts(queue)).failed!;
    expect({ queue, failed: failedHere }).toEqual({ queue, failed: 0 });
    failedJobs += failedHere;
  }
  return {
    present: [...wanted].filter((k) => present.has(k)).length,
    checks: checkIds.length,
    checksDone: await checksDone(),
    toolLists: toolLists.length,
    servers,
    indexed: servers - missing.length,
    failedJobs,
  };
}

/**
 * Deletes the deployment's keys one at a time, in random order, spread over `spreadMs`: the keys
 * there when it starts, as an evicting Redis or a replica missing part of the data loses them.
 * Returns how many were deleted.
 */
async function loseKeysOneByOne(spreadMs: number): Promise<number> {
  const redis = bus.redis();
  const keys = (await redis.keys(`${PREFIX}:*`)).sort(() => Math.random() - 0.5);
  const pause = spreadMs / Math.max(1, keys.length);
  let waited = 0;
  for (const [i, key] of keys.entries()) {
    await redis.del(key);
    // Sleeps in steps of at least 10 ms: thousands of keys over seconds.
    if (pause * (i + 1) - waited >= 10) {
      const step = pause * (i + 1) - waited;
      await sleep(step);
      waited += step;
    }
  }
  return keys.length;
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
    db = new Database({ url: cluster.postgresUrl(DB), poolSize: 2 });
    handOver = CatalogHandOver.create(db.prisma, bus);
    hold(PG_PAGE);
    // The index jobs the catalog emits wait (queue paused) until PostgreSQL is down.
    await bus.queue("search").pause();
    [catalog, ingest, prober, search] = await Promise.all([
      startService("catalog"),
      startService("ingest"),
      startService("prober"),
      startService("search"),
    ]);
  });
  afterAll(async () => {
    for (const s of all()) {
      if (!s || s.child.exitCode !== null || s.child.signalCode !== null) continue;
      const exited = new Promise((resolve) => s.child.once("exit", resolve));
      s.child.kill("SIGTERM");
      await Promise.race([exited, sleep(15_000)]);
    }
    await bus?.close();
    await db?.close();
  }, 60_000);

  it(
    "PostgreSQL down under the mirror, checks and index jobs: everything arrives, nothing fails, health recovers",
    () =>
      guarded(async () => {
        const here = holds.get(PG_PAGE)!;
        await here.reached; // the pages before are queued; the catalog is writing them
        // Checks queued and (one at least) running against the slow MCP server.
        await queueChecks(CHECKS);
        await until("a check running", checksRunning, 30_000);
        // Index jobs of what the catalog wrote so far wait in the paused search queue.
        const pendingIndex = async () => {
          const c = await jobCounts("search");
          return c.paused! + c.waiting!;
        };
        await until("index jobs pending", async () => (await pendingIndex()) > 0, 60_000);
        // Tool lists of servers written so far go to the catalog as PostgreSQL stops.
        await queueToolLists(TOOL_LISTS);
        await cluster.stopPostgres();
        const downAt = Date.now();
        const next = hold(REDIS_PAGE);
        here.release();
        // The index jobs of what the catalog wrote so far go to the search service now.
        const indexPending = await pendingIndex();
        await bus.queue("search").resume();
        await allUnhealthy();
        await sleep(Math.max(0, OUTAGE_MS - (Date.now() - downAt)));
        let failedDuringOutage = 0;
        for (const queue of ["catalog", "prober", "search"] as const)
          failedDuringOutage += (await jobCounts(queue)).failed!;
        await cluster.startPostgres();
        const backAt = Date.now();
        const healthMs = await allHealthy(HEALTH_WITHIN_MS);
        const wanted = before(REDIS_PAGE);
        const offset = Date.now() - backAt;
        const { resumedMs } = await converged(wanted, next);
        const convergeMs = Date.now() - backAt;
        const { present, failedJobs, ...work } = await expectConverged(wanted);
        expect(failedDuringOutage).toBe(0);
        // The hostile entry of the first page was skipped and counted; the mirror went on.
        const metrics = await (await fetch(`http://127.0.0.1:${ingest.port}/metrics`)).text();
        const invalid = /catalog_mirror_invalid_entries_total\{[^}]*\} (\d+)/.exec(metrics)?.[1];
        expect(Number(invalid)).toBeGreaterThanOrEqual(1);
        report({
          fault: "postgres-down",
          expected: wanted.size,
          present,
          ...work,
          indexPending,
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
        await queueToolLists(TOOL_LISTS);
        // Redis syncs its append-only file every second: what it acknowledged since is its to lose.
        await sleep(1_500);
        await cluster.killRedis();
        const downAt = Date.now();
        const next = hold(EMPTY_PAGE);
        here.release();
        await allUnhealthy();
        await sleep(Math.max(0, OUTAGE_MS - (Date.now() - downAt)));
        await cluster.startRedis();
        const backAt = Date.now();
        const healthMs = await allHealthy(HEALTH_WITHIN_MS);
        const wanted = before(EMPTY_PAGE);
        const offset = Date.now() - backAt;
        const { resumedMs } = await converged(wanted, next);
        const convergeMs = Date.now() - backAt;
        const { present, failedJobs, ...work } = await expectConverged(wanted);
        report({
          fault: "redis-killed",
          expected: wanted.size,
          present,
          ...work,
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
    "Redis restarted empty: every version, tool list, check and index arrives, schedules come back, nothing is stuck",
    () =>
      guarded(async () => {
        const here = holds.get(EMPTY_PAGE)!;
        await here.reached;
        // Checks queued and running, tool lists handed over, index jobs waiting: all in Redis.
        // The first tool lists are written and wait to be indexed (search paused); the second
        // wait to be written (catalog paused). A restart empties the queues and their pauses.
        await bus.queue("search").pause();
        await queueToolLists(TOOL_LISTS);
        await until(
          "the tool lists written, their index jobs waiting",
          async () => (await jobCounts("search")).paused! >= TOOL_LISTS && (await catalogIdle()),
          CONVERGE_WITHIN_MS,
        );
        // The second wait in the catalog's queue (paused: the mirror is held, nothing else is queued).
        await bus.queue("catalog").pause();
        await queueToolLists(TOOL_LISTS);
        await queueChecks(CHECKS);
        await until("a check running", checksRunning, 30_000);
        const pending = {
          catalog: await jobCounts("catalog"),
          prober: await jobCounts("prober"),
          search: await jobCounts("search"),
        };
        await cluster.restartRedisEmpty();
        const emptyAt = Date.now();
        const next = hold(PARTIAL_PAGE);
        here.release();
        const healthMs = await allHealthy(HEALTH_WITHIN_MS);
        // Every service noticed, and says so in /healthz.
        await until(
          "every service to report the loss",
          async () => {
            for (const s of all()) {
              const body = (await (await fetch(`http://127.0.0.1:${s.port}/healthz`)).json()) as {
                redis_data_lost_at?: string | null;
              };
              if (!body.redis_data_lost_at) return false;
            }
            return true;
          },
          30_000,
        );
        const wanted = before(PARTIAL_PAGE);
        const { resumedMs } = await converged(wanted, next);
        const convergeMs = Date.now() - emptyAt;
        expect(convergeMs).toBeLessThan(5 * 60_000);
        const { present, failedJobs, ...work } = await expectConverged(wanted);
        // What lives in Redis only is declared again: the hourly mirror and one pass at a time.
        expect(pending.search.paused).toBeGreaterThanOrEqual(TOOL_LISTS);
        expect(pending.catalog.paused).toBeGreaterThanOrEqual(TOOL_LISTS);
        const mirror = bus.queue("mirror");
        expect((await mirror.getJobSchedulers()).map((s) => s.key)).toContain("mirror-hourly");
        expect(await mirror.getGlobalConcurrency()).toBe(1);
        const metrics = await (await fetch(`http://127.0.0.1:${catalog.port}/metrics`)).text();
        const catalogRequeued = [...metrics.matchAll(/catalog_reconciled_jobs_total\{[^}]*\} (\d+)/g)].reduce(
          (sum, m) => sum + Number(m[1]),
          0,
        );
        report({
          fault: "redis-empty",
          expected: wanted.size,
          present,
          ...work,
          pending: Object.fromEntries(
            Object.entries(pending).map(([q, c]) => [q, c.waiting! + c.active! + c.paused! + c.delayed!]),
          ),
          catalogRequeued,
          failedJobs,
          healthMs,
          resumedMs,
          convergeMs,
        });
      }),
    TEST_MS,
  );

  it(
    "Redis losing its keys one by one while the mirror goes on: every version, check and index arrives, nothing fails",
    () =>
      guarded(async () => {
        const here = holds.get(PARTIAL_PAGE)!;
        await here.reached;
        // Work of every kind in Redis when it starts to go: tool lists, checks, the mirror's pages.
        await queueToolLists(TOOL_LISTS);
        await queueChecks(CHECKS);
        const next = hold(FLUSH_PAGE);
        here.release();
        const deleted = await loseKeysOneByOne(Math.max(OUTAGE_MS, 5_000));
        const lastLossAt = Date.now();
        const wanted = before(FLUSH_PAGE);
        const { resumedMs } = await converged(wanted, next);
        const convergeMs = Date.now() - lastLossAt;
        expect(convergeMs).toBeLessThan(5 * 60_000);
        const { present, failedJobs, ...work } = await expectConverged(wanted);
        report({
          fault: "redis-partial",
          expected: wanted.size,
          present,
          ...work,
          deletedKeys: deleted,
          failedJobs,
          resumedMs,
          convergeMs,
        });
      }),
    TEST_MS,
  );

  it(
    "Redis emptied in place (FLUSHALL) while work waits: every version, check and index arrives, nothing fails",
    () =>
      guarded(async () => {
        const here = holds.get(FLUSH_PAGE)!;
        await here.reached;
        await queueToolLists(TOOL_LISTS);
        await queueChecks(CHECKS);
        await until("a check running", checksRunning, 30_000);
        const next = hold(KILL_PAGE);
        await bus.redis().call("FLUSHALL");
        const flushedAt = Date.now();
        here.release();
        const wanted = before(KILL_PAGE);
        const { resumedMs } = await converged(wanted, next);
        const convergeMs = Date.now() - flushedAt;
        expect(convergeMs).toBeLessThan(5 * 60_000);
        const { present, failedJobs, ...work } = await expectConverged(wanted);
        report({
          fault: "redis-flushall",
          expected: wanted.size,
          present,
          ...work,
          failedJobs,
          resumedMs,
          convergeMs,
        });
      }),
    TEST_MS,
  );

  it(
    "ingest, catalog, prober and search killed with SIGKILL mid-job: every version, check and index arrives",
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
        // Checks running in the prober; index jobs of the page being written in the search service.
        await queueChecks(CHECKS);
        await queueToolLists(TOOL_LISTS);
        await until("a check running", checksRunning, 30_000);
        const inFlight = {
          catalog: (await jobCounts("catalog")).active!,
          prober: (await jobCounts("prober")).active!,
          search: (await jobCounts("search")).active!,
        };
        await Promise.all(all().map((s) => s.kill()));
        const killedAt = Date.now();
        const atKill = (await versionsPresent()).size;
        next.release(); // answers a dead connection
        [catalog, ingest, prober, search] = await Promise.all([
          startService("catalog"),
          startService("ingest"),
          startService("prober"),
          startService("search"),
        ]);
        const healthMs = await allHealthy(60_000);
        const wanted = new Set(listed.map(key));
        const offset = Date.now() - killedAt;
        const { resumedMs } = await converged(wanted, undefined);
        const convergeMs = Date.now() - killedAt;
        const { present, failedJobs, ...work } = await expectConverged(wanted);
        expect(present).toBe(listed.length);
        expect((await versionsPresent()).size).toBe(listed.length); // and nothing else
        report({
          fault: "workers-killed",
          expected: wanted.size,
          present,
          ...work,
          inFlight,
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
