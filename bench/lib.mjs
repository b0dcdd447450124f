// Shared pieces of the benchmark scripts: a fresh catalog holding the real snapshot, service
// processes started from the built services, autocannon runs from this (second) process.
import { spawn } from "node:child_process";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import {
  createHarness,
  prepareTemplate,
  sharedData,
  SNAPSHOT_2025_12_18,
  startInfrastructure,
  waitForIdle,
} from "@catalog/testing";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const machine = () =>
  `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model}, node ${process.version}`;

/** A harness (own database and queue prefix) on the local PostgreSQL and Redis. */
export async function benchHarness() {
  const infra = await startInfrastructure();
  process.env.TEST_POSTGRES_URL = infra.postgresUrl;
  process.env.TEST_REDIS_URL = infra.redisUrl;
  process.env.TEST_TEMPLATE_DB = await prepareTemplate(infra.postgresUrl);
  const h = await createHarness();
  return {
    h,
    close: async () => {
      await h.close();
      await infra.stop();
    },
  };
}

/** Starts a built service (`services/<name>/dist/main.js`) with the harness's environment. */
export function startService(name, h, env = {}) {
  return spawn(process.execPath, [path.join(root, "services", name, "dist", "main.js")], {
    env: { ...process.env, ...h.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export async function stopService(child) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await once(child, "exit");
}

/** Mirrors the real snapshot into the harness's catalog with in-process workers. */
export async function loadSnapshot(h) {
  const { startCatalogWorker } = await import(path.join(root, "services/catalog/dist/catalog.js"));
  const { createMirror } = await import(path.join(root, "services/ingest/dist/ingest.js"));
  const { FileRegistrySource } = await import(
    path.join(root, "services/ingest/dist/mirror/registry-source.js")
  );
  const worker = startCatalogWorker({
    db: h.db,
    bus: h.bus,
    log: h.log,
    config: { CATALOG_CONCURRENCY: 8, WORKER_LOCK_MS: 30_000 },
  });
  await createMirror(h, new FileRegistrySource(sharedData(SNAPSHOT_2025_12_18)), 86_400_000).run("full");
  await waitForIdle(h.bus, ["catalog"], 600_000);
  await worker.close();
}

export async function waitForHttp(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} not up after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One autocannon run; returns requests/s and latency percentiles. */
export async function load({ url, requests, connections = 32, duration = 10 }) {
  const result = await autocannon({ url, connections, duration, requests });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${result.non2xx} non-2xx responses, ${result.errors} errors`);
  return {
    connections,
    duration_s: duration,
    requests_per_s: Math.round(result.requests.average),
    latency_ms: { p50: result.latency.p50, p99: result.latency.p99 },
  };
}

/**
 * The ceiling of a serving benchmark: a bare node:http server in its own process answering
 * `body` on a loopback port; resolves with it and its port.
 */
export function startCeiling(body) {
  const child = spawn(process.execPath, [path.join(root, "bench/read-api-ceiling.mjs")], {
    env: { ...process.env, CEILING_BODY: body },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`ceiling exited with ${code}`)));
    createInterface({ input: child.stdout }).once("line", (port) => resolve({ child, port }));
  });
}
