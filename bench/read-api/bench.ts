// Read-API benchmark: descriptor and connection requests per second at concurrency 32, measured
// by autocannon in this process against the gateway in a child process (over the real
// 2025-12-18 snapshot), with a bare express handler returning a constant JSON body as the
// ceiling. Loopback only. Usage: pnpm --filter @catalog/bench run read-api [seconds per run]
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { CONNECTION_TARGETS } from "@catalog/contracts";
import {
  createHarness,
  prepareTemplate,
  sharedData,
  SNAPSHOT_2025_12_18,
  startInfrastructure,
  waitForIdle,
} from "@catalog/testing";
import { startCatalogWorker } from "../../services/catalog/dist/catalog.js";
import { createMirror } from "../../services/ingest/dist/ingest.js";
import { FileRegistrySource } from "../../services/ingest/dist/mirror/registry-source.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = 32;
const SAMPLE = 200;

/** Starts a child process and resolves with it and the first line it prints (a port). */
function startChild(
  file: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${file} exited with ${code}`)));
    createInterface({ input: child.stdout! }).once("line", (line) => resolve({ child, line }));
  });
}

async function waitForHealth(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never became healthy`);
}

async function run(title: string, url: string, paths: string[]) {
  const result = await autocannon({
    title,
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: paths.map((p) => ({ method: "GET", path: p })),
  });
  const ok = result["2xx"];
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    title,
    rps: Math.round(ok / SECONDS),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average,
  };
}

const infra = await startInfrastructure();
process.env.TEST_POSTGRES_URL = infra.postgresUrl;
process.env.TEST_REDIS_URL = infra.redisUrl;
process.env.TEST_TEMPLATE_DB = await prepareTemplate(infra.postgresUrl);
const h = await createHarness();
const children: ChildProcess[] = [];
try {
  process.stderr.write("bench: mirroring the 2025-12-18 snapshot...\n");
  const worker = startCatalogWorker({
    db: h.db,
    bus: h.bus,
    log: h.log,
    config: { CATALOG_CONCURRENCY: 4, WORKER_LOCK_MS: 5000 },
  });
  const config = {
    REGISTRY_URL: "file:///unused",
    REGISTRY_SNAPSHOT: undefined,
    REGISTRY_MIN_INTERVAL_MS: 0,
    REGISTRY_TIMEOUT_MS: 1000,
    MIRROR_EVERY_MS: 3_600_000,
    MIRROR_FULL_EVERY_MS: 86_400_000,
    MIRROR_ON_START: false,
  };
  await createMirror(
    { db: h.db, bus: h.bus, log: h.log, config },
    new FileRegistrySource(sharedData(SNAPSHOT_2025_12_18)),
  ).run();
  await waitForIdle(h.bus, ["catalog"], 600_000);
  await worker.close();

  // A sample spread over the whole name range; connections keep the pairs that have one.
  const { rows } = await h.db.pool.query<{ name: string }>("SELECT name FROM servers ORDER BY name");
  const step = Math.max(1, Math.floor(rows.length / SAMPLE));
  const names = rows.filter((_, i) => i % step === 0).map((r) => r.name);

  const port = 18000 + Math.floor(Math.random() * 1000);
  const gateway = spawn(process.execPath, [path.join(root, "services/gateway/dist/main.js")], {
    env: { ...process.env, ...h.env, PORT: String(port), LOG_LEVEL: "error", NODE_ENV: "production" },
    stdio: "inherit",
  });
  children.push(gateway);
  const gatewayUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(gatewayUrl);

  const descriptors = names.map((n) => `/v1/servers/${n}`);
  const connections: string[] = [];
  for (const [i, n] of names.entries()) {
    const target = CONNECTION_TARGETS[i % CONNECTION_TARGETS.length];
    const p = `/v1/servers/${n}/connection?target=${target}`;
    if ((await fetch(gatewayUrl + p)).status === 200) connections.push(p);
  }
  const sample = await (await fetch(gatewayUrl + (descriptors[0] ?? ""))).text();
  const ceiling = await startChild(path.join(root, "bench/read-api/ceiling.ts"), { CEILING_BODY: sample });
  children.push(ceiling.child);

  const results = [];
  results.push(
    await run("ceiling: bare express, constant JSON", `http://127.0.0.1:${ceiling.line}`, ["/constant"]),
  );
  results.push(await run(`descriptor (${descriptors.length} servers)`, gatewayUrl, descriptors));
  results.push(await run(`connection (${connections.length} server/target pairs)`, gatewayUrl, connections));
  const top = results[0]!.rps;
  console.log(`\nconcurrency ${CONNECTIONS}, ${SECONDS} s per run, ${new Date().toISOString()}`);
  console.log("| run | req/s | share of ceiling | p50 ms | p99 ms |");
  console.log("|---|---:|---:|---:|---:|");
  for (const r of results)
    console.log(`| ${r.title} | ${r.rps} | ${((r.rps / top) * 100).toFixed(1)}% | ${r.p50} | ${r.p99} |`);
} finally {
  for (const child of children) child.kill("SIGTERM");
  await h.close();
  await infra.stop();
}
