// Runs a command (the Python SDK's tests) against real gateway processes: a fresh database with
// part of the real registry snapshot, two gateways (normal limits, and a strict one whose tiny
// window makes 429 retries observable), and an account with an API key.
// Usage: node scripts/test-against-gateway.mjs <command> [args...]   (needs `pnpm run build`)
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { AccountsRepository, ApiKeysRepository, CatalogRepository } from "@catalog/db";
import { parseRegistryDocument } from "@catalog/registry";
import {
  clearQueuePrefix,
  createHarness,
  prepareTemplate,
  sharedData,
  SNAPSHOT_2025_12_18,
  startInfrastructure,
  testQueuePrefix,
  waitForIdle,
} from "@catalog/testing";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");
const dist = (p) => import(path.join(root, p));
const { startCatalogWorker } = await dist("services/catalog/dist/catalog.js");
const { VersionHandOver } = await dist("services/ingest/dist/mirror/hand-over.js");
const { ApiKeysService } = await dist("services/gateway/dist/accounts/api-keys.service.js");

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error("usage: test-against-gateway.mjs <command> [args...]");

const infra = await startInfrastructure();
process.env.TEST_POSTGRES_URL = infra.postgresUrl;
process.env.TEST_REDIS_URL = infra.redisUrl;
process.env.TEST_TEMPLATE_DB = await prepareTemplate(infra.postgresUrl);
const h = await createHarness();
const strictPrefix = testQueuePrefix();
const gateways = [];

async function startGateway(env) {
  const child = spawn(process.execPath, [path.join(root, "services/gateway/dist/main.js")], {
    env: { ...process.env, ...h.env, PORT: "0", METRICS_PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  gateways.push(child);
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const entry = JSON.parse(line);
    if (entry.msg === "gateway listening") return `http://127.0.0.1:${entry.port}`;
  }
  throw new Error("gateway exited before listening");
}

let status;
try {
  const worker = startCatalogWorker({
    db: h.db,
    bus: h.bus,
    log: h.log,
    config: { CATALOG_CONCURRENCY: 8, WORKER_LOCK_MS: 30_000 },
  });
  const { entries } = parseRegistryDocument(readFileSync(sharedData(SNAPSHOT_2025_12_18), "utf8"));
  await new VersionHandOver(new CatalogRepository(h.db.prisma), h.bus).handOver(
    entries.slice(0, 60),
    "import",
  );
  await waitForIdle(h.bus, ["catalog"]);
  await worker.close();

  const account = await new AccountsRepository(h.db.prisma).upsertByIdentity(
    { issuer: "https://id.example", subject: "sdk-python", email: null, displayName: null },
    "sdk-python-account",
  );
  const keys = new ApiKeysService(new ApiKeysRepository(h.db), 1, () => new Date());
  const { key } = await keys.create(account.id);

  const [url, strictUrl] = await Promise.all([
    startGateway({ RATE_LIMIT_ANONYMOUS: "1000" }),
    startGateway({ QUEUE_PREFIX: strictPrefix, RATE_LIMIT_ANONYMOUS: "2", RATE_LIMIT_WINDOW_SECONDS: "2" }),
  ]);
  const test = spawn(command, args, {
    cwd: path.resolve(here, ".."),
    stdio: "inherit",
    env: {
      ...process.env,
      CATALOG_URL: url,
      CATALOG_STRICT_URL: strictUrl,
      CATALOG_TEST_KEY: key,
      CATALOG_TEST_SERVER: entries[0].server.name,
      PYTHONPATH: "src",
      PYTHONDONTWRITEBYTECODE: "1",
    },
  });
  [status] = await once(test, "exit");
} finally {
  for (const child of gateways) {
    child.kill("SIGTERM");
    if (child.exitCode === null) await once(child, "exit");
  }
  await clearQueuePrefix(h.redisUrl, strictPrefix);
  await h.close();
  await infra.stop();
}
process.exit(status ?? 1);
