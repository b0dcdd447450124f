// Prober benchmark (loopback only): probes per second with 1 and 2 prober processes against 200
// local MCP servers, and the time from POST /v1/check to a done result for a fast server.
// Usage (from the repo root, after `pnpm run build`): pnpm --filter @catalog/bench run probe
// Options: BENCH_SERVERS (200), BENCH_SERVER_PROCESSES (2), BENCH_ROUNDS (3), BENCH_CHECKS (100).
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { createHarness, prepareTemplate, type Harness } from "@catalog/testing";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SERVERS = Number(process.env.BENCH_SERVERS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHECKS = Number(process.env.BENCH_CHECKS ?? 100);
const SERVER_PROCESSES = Number(process.env.BENCH_SERVER_PROCESSES ?? 2);

process.env.TEST_POSTGRES_URL ??= "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.TEST_REDIS_URL ??= "redis://127.0.0.1:6379";
process.env.TEST_TEMPLATE_DB ??= await prepareTemplate(process.env.TEST_POSTGRES_URL);

const children: ChildProcess[] = [];
function start(script: string, env: Record<string, string>, args: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, script), ...args], {
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  children.push(child);
  return child;
}

async function stopAll(list: ChildProcess[]): Promise<void> {
  await Promise.all(
    list.map((c) => {
      if (c.exitCode !== null) return undefined;
      const exited = new Promise((r) => c.once("exit", r));
      c.kill("SIGTERM");
      return exited;
    }),
  );
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** The servers, spread over BENCH_SERVER_PROCESSES processes so no one event loop is the limit. */
async function startServers(): Promise<{ urls: string[]; children: ChildProcess[] }> {
  const started = await Promise.all(
    Array.from({ length: SERVER_PROCESSES }, async (_, i) => {
      const share = Math.floor(SERVERS / SERVER_PROCESSES) + (i < SERVERS % SERVER_PROCESSES ? 1 : 0);
      const child = start("bench/probe/servers.ts", {}, [String(share)]);
      const line = await new Promise<string>((resolve) =>
        createInterface({ input: child.stdout! }).once("line", resolve),
      );
      return { urls: JSON.parse(line) as string[], child };
    }),
  );
  return { urls: started.flatMap((s) => s.urls), children: started.map((s) => s.child) };
}

function proberEnv(h: Harness): Record<string, string> {
  return {
    ...h.env,
    NODE_ENV: "test",
    URL_POLICY_TEST_MODE: "true",
    PROBER_PORT: "0",
    PROBER_CONCURRENCY: "16",
    LOG_LEVEL: "warn",
  };
}

async function waitForResults(h: Harness, expected: number): Promise<void> {
  const queue = h.bus.queue("catalog");
  for (;;) {
    if (((await queue.getJobCounts("waiting")).waiting ?? 0) >= expected) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

let round = 0;
/** One round: a probe job per server, timed until every result reached the catalog queue. */
async function probeRound(h: Harness, urls: string[]): Promise<number> {
  await h.bus.queue("catalog").obliterate({ force: true });
  const scheduledFor = new Date(Date.now() + round++).toISOString();
  const started = performance.now();
  await h.bus.addBulk(
    "prober",
    "probe",
    urls.map((url, i) => ({
      data: { serverName: `io.bench/s${i}`, url, transport: "streamable-http" as const, scheduledFor },
      opts: { jobId: `r${round}-${i}` },
    })),
  );
  await waitForResults(h, urls.length);
  return urls.length / ((performance.now() - started) / 1000);
}

async function throughput(h: Harness, urls: string[], workers: number): Promise<number[]> {
  const probers = Array.from({ length: workers }, () => start("services/prober/dist/main.js", proberEnv(h)));
  await probeRound(h, urls); // warm-up: processes started, connections and JIT warm
  const rates: number[] = [];
  for (let i = 0; i < ROUNDS; i++) rates.push(await probeRound(h, urls));
  await stopAll(probers);
  return rates;
}

async function healthy(url: string): Promise<void> {
  while (
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await new Promise((r) => setTimeout(r, 100));
}

async function checkLatency(h: Harness, urls: string[], connections: number): Promise<autocannon.Result> {
  const port = await freePort();
  const gateway = start("services/gateway/dist/main.js", {
    ...proberEnv(h),
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_ENABLED: "false",
    CHECK_LIMIT_ANONYMOUS: "100000",
    CHECK_LIMIT_HOST: "100000",
    CHECK_LIMIT_GLOBAL: "100000",
    CHECK_REPEAT_WINDOW_MS: "1",
  });
  const proberPort = await freePort();
  const prober = start("services/prober/dist/main.js", { ...proberEnv(h), PROBER_PORT: String(proberPort) });
  await healthy(`http://127.0.0.1:${port}/healthz`);
  await healthy(`http://127.0.0.1:${proberPort}/healthz`);
  let next = 0;
  const url = () => `${urls[next++ % urls.length]}?n=${next}`;
  for (let i = 0; i < 5; i++) {
    // warm-up: connections, JIT, the gateway's event stream
    await fetch(`http://127.0.0.1:${port}/v1/check?wait=25`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: url() }),
    }).then((r) => r.arrayBuffer());
  }
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/v1/check?wait=25`,
    method: "POST",
    connections,
    amount: CHECKS,
    timeout: 30,
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ url: url() }),
        }),
      },
    ],
  });
  await stopAll([gateway, prober]);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${result.non2xx} non-2xx answers and ${result.errors} errors: the figures would be wrong`,
    );
  return result;
}

const h = await createHarness();
const { urls, children: serverProcesses } = await startServers();
try {
  const one = await throughput(h, urls, 1);
  const two = await throughput(h, urls, 2);
  const single = await checkLatency(h, urls, 1);
  const busy = await checkLatency(h, urls, 8);
  const fmt = (rates: number[]) => rates.map((r) => r.toFixed(0)).join(", ");
  const median = (rates: number[]) =>
    [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)]!.toFixed(0);
  const lat = (r: autocannon.Result) =>
    `p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; ${r["2xx"]} x 200, non-2xx ${r.non2xx}`;
  console.log(
    `servers: ${urls.length} in ${SERVER_PROCESSES} processes, rounds: ${ROUNDS}, prober concurrency 16 per process`,
  );
  console.log(`1 prober process:  ${median(one)} probes/s (rounds: ${fmt(one)})`);
  console.log(`2 prober processes: ${median(two)} probes/s (rounds: ${fmt(two)})`);
  console.log(`POST /v1/check?wait=25 to done, 1 connection: ${lat(single)}`);
  console.log(`POST /v1/check?wait=25 to done, 8 connections: ${lat(busy)}`);
} finally {
  for (const child of serverProcesses) child.kill("SIGTERM");
  await stopAll(children);
  await h.close();
}
