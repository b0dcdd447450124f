/**
 * The chaos soak: the five built services as `npm start` runs them (each restarted when it
 * exits), against a PostgreSQL cluster and a Redis server of the soak's own (tests/faults/cluster.ts)
 * on loopback, the 2025-12-18 snapshot served by a stand-in for the upstream registry at the real
 * mirror's 1 request/s, dependency APIs and local MCP test servers standing in for the internet.
 * For `--minutes` it sends mixed traffic at a fixed rate (searches, kept reads, /v0.1 pages, MCP
 * tool calls, checks of the local servers) while operator imports hand tool lists over, and every
 * two minutes a fault strikes, in a random order where every kind comes once before any comes
 * again: one service killed with SIGKILL (which, at random), PostgreSQL
 * stopped for 30 s, Redis restarted empty, Redis emptied in place (FLUSHALL), Redis losing its keys
 * one by one over 30 s, Redis paused for 20 s (CLIENT PAUSE), the search
 * service killed during an index batch. It reports per fault and overall how requests were
 * answered (in a documented shape, 503 with retry-after, 500, no answer) and their latency, then
 * waits for the system to converge and records the catalog (versions, tools and observations,
 * search documents, checks). Given the record of a run without faults, it compares both.
 *
 *   pnpm --filter @catalog/bench exec tsx chaos.ts --minutes 6 --faults none --save /tmp/reference.json
 *   pnpm --filter @catalog/bench exec tsx chaos.ts --minutes 20 --reference /tmp/reference.json
 *
 * Options: --minutes (20), --rate requests/s (20), --faults all|none (all), --seed (1),
 * --save <file> (the run's figures and catalog record), --reference <file> (compare with it).
 * Needs the build (`pnpm run build`), initdb and redis-server on the machine.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { MCP_TOOL_SCHEMAS, operationById, responsesOf } from "@catalog/contracts";
import { Database, ensureDatabase, migrate } from "@catalog/db";
import { JobBus, QUEUE_NAMES } from "@catalog/queue";
import { parseRegistryDocument } from "@catalog/registry";
import { sharedData, sharedImportData, SNAPSHOT_2025_12_18 } from "@catalog/testing";
import { startModernServer } from "@catalog/testing/mcp";
import { CatalogHandOver } from "../services/ingest/src/mirror/hand-over.js";
import { FaultCluster, sleep, sparePort } from "../tests/faults/cluster.js";
import { startUpstream } from "../tests/faults/upstream.js";
import { startDependencyApis } from "../tests/support/dependency-apis.js";
import { labelledSets } from "../tests/support/search-sets.js";
import { round } from "./support.js";
import { seededRandom } from "@catalog/lexical";

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "20" },
    rate: { type: "string", default: "20" },
    faults: { type: "string", default: "all" },
    seed: { type: "string", default: "1" },
    save: { type: "string" },
    reference: { type: "string" },
  },
});
const MINUTES = Number(args.minutes);
const RATE = Number(args.rate);
const FAULTS = args.faults !== "none";
const FAULT_EVERY_MS = 120_000;
/** After a fault ends, its window stays open this long: the time to recover is part of it. */
const SETTLE_MS = 15_000;
const CONVERGE_WITHIN_MS = 15 * 60_000;
const REQUEST_TIMEOUT_MS = 30_000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const random = seededRandom(Number(args.seed));
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

// --- the stack ------------------------------------------------------------------------------

type Kind = "catalog" | "search" | "prober" | "ingest" | "gateway";
const KINDS: Kind[] = ["catalog", "search", "prober", "ingest", "gateway"];
const cluster = await FaultCluster.start();
const DB = "chaos";
const databaseUrl = cluster.postgresUrl(DB);
await ensureDatabase(databaseUrl);
await migrate(databaseUrl);
const { entries } = parseRegistryDocument(readFileSync(sharedData(SNAPSHOT_2025_12_18), "utf8"));
const upstream = await startUpstream(entries);
const apis = await startDependencyApis();
const mcpServers = await Promise.all([0, 1, 2].map(() => startModernServer()));
const ports = Object.fromEntries(await Promise.all(KINDS.map(async (k) => [k, await sparePort()]))) as Record<
  Kind,
  number
>;
const gatewayMetricsPort = await sparePort();
const searchMetricsPort = await sparePort();
const base = `http://127.0.0.1:${ports.gateway}`;
const children = new Map<Kind, ChildProcess>();
let stopping = false;

function launch(kind: Kind): void {
  const log = createWriteStream(path.join(cluster.dir, `${kind}.log`), { flags: "a" });
  const child = spawn(process.execPath, [path.join(root, "services", kind, "dist", "main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      DATABASE_URL: databaseUrl,
      REDIS_URL: cluster.redisUrl,
      QUEUE_PREFIX: "chaos",
      PORT: String(ports.gateway),
      METRICS_PORT: String(gatewayMetricsPort),
      BASE_URL: base,
      SEARCH_URL: `http://127.0.0.1:${ports.search}`,
      SEARCH_PORT: String(ports.search),
      SEARCH_METRICS_PORT: String(searchMetricsPort),
      CATALOG_PORT: String(ports.catalog),
      INGEST_PORT: String(ports.ingest),
      PROBER_PORT: String(ports.prober),
      // Loopback only: checks reach the local MCP servers; no remote of the registry is probed.
      URL_POLICY_TEST_MODE: "true",
      SCHEDULED_PROBES_ENABLED: "false",
      RATE_LIMIT_ENABLED: "false",
      EMBEDDING_PROVIDER: process.env.CHAOS_EMBEDDINGS ?? "none",
      REGISTRY_URL: upstream.url,
      REGISTRY_MIN_INTERVAL_MS: "1000",
      MIRROR_ON_START: "true",
      MIRROR_EVERY_MS: "600000",
      DEPSDEV_URL: apis.depsDevUrl,
      OSV_URL: apis.osvUrl,
      DEPSDEV_MIN_INTERVAL_MS: "0",
      OSV_MIN_INTERVAL_MS: "0",
      WORKER_LOCK_MS: "5000",
      RECONCILE_EVERY_MS: "60000",
      SHUTDOWN_GRACE_MS: "5000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  children.set(kind, child);
  // As `npm start` does: a service that exits is started again.
  child.once("exit", () => {
    if (!stopping) setTimeout(() => stopping || launch(kind), 1000);
  });
}

async function kill(kind: Kind): Promise<void> {
  const child = children.get(kind);
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

for (const kind of KINDS) launch(kind);
const bus = new JobBus({ redisUrl: cluster.redisUrl, prefix: "chaos" });
const db = new Database({ url: databaseUrl, poolSize: 2, applicationName: "chaos" });
const sql = async <R>(text: string, params: unknown[] = []): Promise<R[]> =>
  (await db.pool.query(text, params)).rows as R[];

async function until(what: string, condition: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await condition().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
}
await until("the gateway", async () => (await fetch(`${base}/healthz`)).ok, 120_000);
process.stderr.write(`chaos: stack up (logs in ${cluster.dir})\n`);

// --- traffic --------------------------------------------------------------------------------

type Sample = {
  at: number;
  kind: string;
  status: number;
  ms: number;
  documented: boolean;
  retryAfter: boolean;
};
const samples: Sample[] = [];
const latest = entries.filter((e) => e._meta["io.modelcontextprotocol.registry/official"]?.isLatest);
const names = latest.map((e) => e.server.name);
const sets = labelledSets();
const queries = [...sets.intents.map((i) => i.q), ...sets.names.map((n) => n.q)];

/** Whether a body is one the operation declares for that status (its own answers and the API limits'). */
function documented(operationId: string, status: number, body: unknown): boolean {
  const schema = responsesOf(operationById(operationId))[status]?.schema;
  return schema !== undefined && schema.safeParse(body).success;
}

type Call = {
  kind: string;
  run: () => Promise<{ status: number; documented: boolean; retryAfter: boolean }>;
};

const get = (operationId: string, url: string) => async () => {
  const res = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const body = await res.json().catch(() => undefined);
  return {
    status: res.status,
    documented: documented(operationId, res.status, body),
    retryAfter: res.headers.has("retry-after"),
  };
};

const mcpCall = (tool: "search" | "get_server", args: Record<string, unknown>) => async () => {
  const res = await fetch(`${base}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: tool, arguments: args },
    }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = (await res.json().catch(() => undefined)) as
    { result?: { structuredContent?: unknown } } | undefined;
  const content = body?.result?.structuredContent;
  return {
    status: res.status,
    documented: res.status === 200 && MCP_TOOL_SCHEMAS[tool].result.safeParse(content).success,
    retryAfter: res.headers.has("retry-after"),
  };
};

const check = async () => {
  const res = await fetch(`${base}/v1/check?wait=10`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url: pick(mcpServers).url }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = await res.json().catch(() => undefined);
  return {
    status: res.status,
    documented: documented("checkServer", res.status, body),
    retryAfter: res.headers.has("retry-after"),
  };
};

const enc = encodeURIComponent;
/** The mix, by weight: what an agent-heavy day looks like. */
const MIX: [number, () => Call][] = [
  [
    30,
    () => ({
      kind: "search",
      run: get("searchServers", `${base}/v1/search?q=${enc(pick(queries))}&limit=10`),
    }),
  ],
  [15, () => ({ kind: "read", run: get("getServer", `${base}/v1/servers/${enc(pick(names))}`) })],
  [
    10,
    () => ({ kind: "read", run: get("getConnection", `${base}/v1/servers/${enc(pick(names))}/connection`) }),
  ],
  [
    15,
    () => ({
      kind: "registry",
      run: get("registryListServers", `${base}/v0.1/servers?limit=30&version=latest`),
    }),
  ],
  [
    5,
    () => ({
      kind: "registry",
      run: get(
        "registryListServers",
        `${base}/v0.1/servers?search=${enc(pick(["mcp", "github", "weather", "slack"]))}`,
      ),
    }),
  ],
  [10, () => ({ kind: "mcp", run: mcpCall("search", { q: pick(queries), detail: "summary" }) })],
  [10, () => ({ kind: "mcp", run: mcpCall("get_server", { name: pick(names) }) })],
  [5, () => ({ kind: "check", run: check })],
];
const totalWeight = MIX.reduce((s, [w]) => s + w, 0);
function nextCall(): Call {
  let r = random() * totalWeight;
  for (const [w, make] of MIX) if ((r -= w) < 0) return make();
  return MIX[0]![1]();
}

async function send(call: Call): Promise<void> {
  const at = Date.now();
  const started = performance.now();
  try {
    const outcome = await call.run();
    samples.push({ at, kind: call.kind, ms: performance.now() - started, ...outcome });
  } catch {
    samples.push({
      at,
      kind: call.kind,
      status: 0,
      ms: performance.now() - started,
      documented: false,
      retryAfter: false,
    });
  }
}

// --- operator imports: tool lists handed over through the catalog's inbox ------------------------

const handOver = CatalogHandOver.create(db.prisma, bus);
const toolLists = Object.entries(sharedImportData().tools).filter(([name]) => names.includes(name));
const IMPORTS = 8;
/** Each import hands over a slice of the tool lists, as observed at a fixed time: both runs import the same. */
async function importBatch(i: number): Promise<void> {
  const slice = toolLists.filter((_, n) => n % IMPORTS === i);
  const observedAt = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
  for (;;) {
    try {
      await handOver.toolLists(
        slice.map(([serverName, tools]) => ({ serverName, tools })),
        observedAt,
      );
      return;
    } catch {
      await sleep(2000); // PostgreSQL or Redis away: the operator tries again
    }
  }
}

// --- faults ---------------------------------------------------------------------------------

type Window = { fault: string; start: number; end: number };
const windows: Window[] = [];
const FAULT_KINDS = [
  "kill-service",
  "postgres-30s",
  "redis-empty",
  "redis-flushall",
  "redis-partial-30s",
  "redis-pause-20s",
  "search-mid-index",
] as const;

async function strike(fault: (typeof FAULT_KINDS)[number]): Promise<string> {
  switch (fault) {
    case "kill-service": {
      const kind = pick(KINDS);
      await kill(kind);
      return `kill ${kind}`;
    }
    case "postgres-30s":
      await cluster.stopPostgres();
      await sleep(30_000);
      await cluster.startPostgres();
      return fault;
    case "redis-empty":
      await cluster.restartRedisEmpty();
      return fault;
    case "redis-flushall":
      await bus.redis().call("FLUSHALL");
      return fault;
    case "redis-partial-30s": {
      // Keys lost one by one, as an evicting Redis or a replica missing part of the data loses them.
      const keys = (await bus.redis().keys("chaos:*")).sort(() => random() - 0.5);
      for (const key of keys) {
        await bus.redis().del(key);
        await sleep(30_000 / Math.max(1, keys.length));
      }
      return `${fault} (${keys.length} keys)`;
    }
    case "redis-pause-20s":
      await bus.redis().call("CLIENT", "PAUSE", "20000", "ALL");
      await sleep(20_000);
      return fault;
    case "search-mid-index": {
      // Index work of a tool list handed over again (a new observation), the search service killed while it runs.
      const [serverName, tools] = pick(toolLists);
      await handOver.toolLists([{ serverName, tools }], new Date().toISOString()).catch(() => undefined);
      await until(
        "an index batch running",
        async () => (await bus.queue("search").getJobCounts("active")).active! > 0,
        30_000,
      ).catch(() => undefined);
      await kill("search");
      return fault;
    }
  }
}

// --- the run --------------------------------------------------------------------------------

const started = Date.now();
const endAt = started + MINUTES * 60_000;
let inFlight = 0;
const traffic = (async () => {
  const interval = 1000 / RATE;
  for (let next = Date.now(); Date.now() < endAt; next += interval) {
    await sleep(Math.max(0, next - Date.now()));
    if (inFlight < 200) {
      inFlight++;
      void send(nextCall()).finally(() => inFlight--);
    }
  }
})();
const imports = (async () => {
  await until(
    "the first mirror pass",
    async () =>
      (await sql<{ ok: boolean }>("SELECT last_success_at IS NOT NULL AS ok FROM mirror_state"))[0]?.ok ===
      true,
    10 * 60_000,
  );
  for (let i = 0; i < IMPORTS && Date.now() < endAt; i++) {
    await importBatch(i);
    await sleep(20_000);
  }
})();
/** The faults in a random order where every kind comes once before any comes again. */
function* faultOrder(): Generator<(typeof FAULT_KINDS)[number]> {
  for (;;) {
    const round = [...FAULT_KINDS];
    for (let i = round.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [round[i], round[j]] = [round[j]!, round[i]!];
    }
    yield* round;
  }
}
const faults = (async () => {
  if (!FAULTS) return;
  const order = faultOrder();
  for (let at = started + FAULT_EVERY_MS / 2; at + 60_000 < endAt; at += FAULT_EVERY_MS) {
    await sleep(Math.max(0, at - Date.now()));
    const start = Date.now();
    const fault = await strike(order.next().value!).catch((err: Error) => `failed to strike: ${err.message}`);
    windows.push({ fault, start, end: Date.now() + SETTLE_MS });
    process.stderr.write(`chaos: ${fault} at ${Math.round((start - started) / 1000)} s\n`);
  }
})();
await Promise.all([traffic, faults]);
while (inFlight > 0) await sleep(100);
await imports;

// --- convergence and the catalog's record ------------------------------------------------------

const convergeMs = await until(
  "the system to converge",
  async () => {
    for (const queue of QUEUE_NAMES) {
      const c = await bus.queue(queue).getJobCounts("waiting", "active", "delayed", "prioritized", "paused");
      // The mirror's scheduler always keeps its next pass delayed.
      const delayed = queue === "mirror" ? 0 : c.delayed!;
      if (c.waiting! + c.active! + delayed + c.prioritized! + c.paused! > 0) return false;
    }
    const [state] = await sql<{ done: boolean; inbox: number; unfinished: number }>(
      `SELECT (SELECT last_success_at IS NOT NULL AND run_mode IS NULL FROM mirror_state) AS done,
              (SELECT count(*)::int FROM catalog_inbox) AS inbox,
              (SELECT count(*)::int FROM checks WHERE status <> 'done') AS unfinished`,
    );
    return state!.done && state!.inbox === 0 && state!.unfinished === 0;
  },
  CONVERGE_WITHIN_MS,
);
const digest = async (what: string, query: string) => {
  const [row] = await sql<{ n: number; md5: string }>(query);
  return [what, { n: row!.n, md5: row!.md5 }] as const;
};
const record = Object.fromEntries(
  await Promise.all([
    digest(
      "versions",
      "SELECT count(*)::int AS n, md5(string_agg(server_name || '@' || version || ':' || content_hash, ',' ORDER BY server_name, version)) AS md5 FROM server_versions",
    ),
    digest(
      "servers",
      "SELECT count(*)::int AS n, md5(string_agg(name || ':' || status || ':' || tool_count, ',' ORDER BY name)) AS md5 FROM servers",
    ),
    digest(
      "tools",
      "SELECT count(*)::int AS n, md5(string_agg(server_name || '#' || name || ':' || definition_hash, ',' ORDER BY server_name, name)) AS md5 FROM tools",
    ),
    digest(
      "toolObservations",
      "SELECT count(*)::int AS n, md5(string_agg(server_name || '@' || observed_at || ':' || list_hash, ',' ORDER BY server_name, observed_at)) AS md5 FROM tool_observations WHERE observed_at < '2026-02-01'",
    ),
    digest(
      "searchDocuments",
      "SELECT count(*)::int AS n, md5(string_agg(id || ':' || content_hash, ',' ORDER BY id)) AS md5 FROM search_documents",
    ),
  ]),
);
const [checkRow] = await sql<{ total: number; done: number; ok: number }>(
  "SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'done')::int AS done, count(*) FILTER (WHERE result->'probe'->>'outcome' = 'ok')::int AS ok FROM checks",
);
let failedJobs = 0;
for (const queue of QUEUE_NAMES) failedJobs += (await bus.queue(queue).getJobCounts("failed")).failed!;

// --- the report -----------------------------------------------------------------------------

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
};
function figures(list: Sample[]) {
  return {
    requests: list.length,
    documented: list.length ? round(list.filter((s) => s.documented).length / list.length, 4) : 1,
    s503: list.filter((s) => s.status === 503).length,
    s503WithoutRetryAfter: list.filter((s) => s.status === 503 && !s.retryAfter).length,
    s500: list.filter((s) => s.status >= 500 && s.status !== 503).length,
    noAnswer: list.filter((s) => s.status === 0).length,
    p50: round(
      pct(
        list.map((s) => s.ms),
        0.5,
      ),
      1,
    ),
    p99: round(
      pct(
        list.map((s) => s.ms),
        0.99,
      ),
      1,
    ),
  };
}
const inWindow = (s: Sample, w: Window) => s.at >= w.start && s.at <= w.end;
const outside = samples.filter((s) => !windows.some((w) => inWindow(s, w)));
const postgres = windows.filter((w) => w.fault === "postgres-30s");
const outsidePostgres = samples.filter((s) => !postgres.some((w) => inWindow(s, w)));
const steady = outside.filter((s) => s.kind === "read" || s.kind === "search" || s.kind === "registry");
const result = {
  minutes: MINUTES,
  rate: RATE,
  faults: windows.map((w) => ({ ...w, ...figures(samples.filter((s) => inWindow(s, w))) })),
  overall: figures(samples),
  outsidePostgresOutages: figures(outsidePostgres),
  outsideFaults: figures(outside),
  steadyReadsAndSearches: {
    ...figures(steady),
    byKind: Object.fromEntries(
      ["read", "search", "registry"].map((k) => [k, figures(steady.filter((s) => s.kind === k))]),
    ),
  },
  convergeMs,
  failedJobs,
  checks: checkRow,
  record,
};
const line = (name: string, f: ReturnType<typeof figures>) =>
  `| ${name} | ${f.requests} | ${(100 * f.documented).toFixed(2)}% | ${f.s503} (${f.s503WithoutRetryAfter} without retry-after) | ${f.s500} | ${f.noAnswer} | ${f.p50} / ${f.p99} |`;
console.log(
  `\nchaos soak: ${MINUTES} min at ${RATE} requests/s, faults ${FAULTS ? "every 2 min" : "none"}, seed ${args.seed}`,
);
console.log(
  "| window | requests | documented shape | 503 | 500 | no answer | p50 / p99 ms |\n|---|---|---|---|---|---|---|",
);
for (const f of result.faults)
  console.log(line(`${f.fault} at ${Math.round((f.start - started) / 1000)} s`, f));
console.log(line("outside the PostgreSQL outages", result.outsidePostgresOutages));
console.log(line("outside every fault window", result.outsideFaults));
console.log(line("all", result.overall));
for (const [k, f] of Object.entries(result.steadyReadsAndSearches.byKind))
  console.log(line(`${k}, outside fault windows`, f));
console.log(
  `\nconverged ${round(convergeMs / 1000, 1)} s after the traffic stopped; failed jobs ${failedJobs}; checks ${JSON.stringify(checkRow)}`,
);
if (args.reference) {
  const reference = JSON.parse(readFileSync(args.reference, "utf8")) as typeof result;
  console.log("\n| record | this run | reference | equal |\n|---|---|---|---|");
  for (const [what, mine] of Object.entries(record)) {
    const theirs = reference.record[what as keyof typeof record];
    console.log(`| ${what} | ${mine.n} | ${theirs?.n} | ${mine.md5 === theirs?.md5 ? "yes" : "NO"} |`);
  }
  for (const [k, f] of Object.entries(result.steadyReadsAndSearches.byKind)) {
    const ref = reference.steadyReadsAndSearches.byKind[k as "read"];
    console.log(
      `p99 of ${k} outside fault windows: ${f.p99} ms against ${ref?.p99} ms (${round(f.p99 / (ref?.p99 || 1), 2)}x)`,
    );
  }
}
if (args.save) writeFileSync(args.save, JSON.stringify(result, null, 2));

stopping = true;
for (const kind of KINDS) await kill(kind);
await bus.close();
await db.close();
await upstream.close();
await apis.close();
for (const s of mcpServers) await s.close();
await cluster.stop();
