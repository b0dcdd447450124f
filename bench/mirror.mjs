// Time for a full mirror of the 2025-12-18 snapshot through the queues into a fresh database:
// the ingest MirrorService pages the file and hands every version to catalog worker processes.
// Usage: node bench/mirror.mjs [--workers N] [--concurrency C]
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  createHarness,
  prepareTemplate,
  sharedData,
  SNAPSHOT_2025_12_18,
  startInfrastructure,
  waitForIdle,
} from "@catalog/testing";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { createMirror } = await import(path.join(root, "services/ingest/dist/ingest.js"));
const { FileRegistrySource } = await import(
  path.join(root, "services/ingest/dist/mirror/registry-source.js")
);
const { values } = parseArgs({
  options: { workers: { type: "string", default: "1" }, concurrency: { type: "string", default: "8" } },
});

const infra = await startInfrastructure();
process.env.TEST_POSTGRES_URL = infra.postgresUrl;
process.env.TEST_REDIS_URL = infra.redisUrl;
process.env.TEST_TEMPLATE_DB = await prepareTemplate(infra.postgresUrl);
const h = await createHarness();
const workers = Array.from({ length: Number(values.workers) }, () =>
  spawn(process.execPath, [path.join(root, "services/catalog/dist/main.js")], {
    env: { ...process.env, ...h.env, CATALOG_PORT: "0", CATALOG_CONCURRENCY: values.concurrency },
    stdio: "ignore",
  }),
);
try {
  const mirror = createMirror(h, new FileRegistrySource(sharedData(SNAPSHOT_2025_12_18)), 86_400_000);
  const started = performance.now();
  const stats = await mirror.run("full");
  const handedOver = performance.now();
  await waitForIdle(h.bus, ["catalog"], 600_000);
  const done = performance.now();
  const { rows } = await h.db.pool.query(
    "SELECT count(*)::int AS versions, count(DISTINCT server_name)::int AS servers FROM server_versions",
  );
  const seconds = (done - started) / 1000;
  console.log(
    JSON.stringify({
      benchmark: "mirror",
      machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model}`,
      node: process.version,
      catalog_processes: Number(values.workers),
      concurrency_per_process: Number(values.concurrency),
      versions: rows[0].versions,
      servers: rows[0].servers,
      handed_over: stats.handedOver,
      mirror_pass_s: +((handedOver - started) / 1000).toFixed(2),
      total_s: +seconds.toFixed(2),
      versions_per_s: Math.round(rows[0].versions / seconds),
    }),
  );
} finally {
  for (const w of workers) w.kill("SIGTERM");
  await Promise.all(workers.map((w) => new Promise((r) => w.once("exit", r))));
  await h.close();
  await infra.stop();
}
