import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createHarness, unusedPort, type Harness } from "@catalog/testing";

/**
 * `npm start` on a machine that cannot reach the registry and has no snapshot: the console says
 * so plainly, with the two ways to load the catalog (the snapshot setting, the import command).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

/** Runs scripts/start.mjs until its console says `until` (or 90 s pass), then stops it. */
async function startOutput(env: Record<string, string>, until: RegExp): Promise<string> {
  const ports = Object.fromEntries(
    await Promise.all(
      [
        "PORT",
        "METRICS_PORT",
        "SEARCH_PORT",
        "SEARCH_METRICS_PORT",
        "CATALOG_PORT",
        "INGEST_PORT",
        "PROBER_PORT",
      ].map(async (k) => [k, String(await unusedPort())] as const),
    ),
  );
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    env: {
      ...process.env,
      ...h.env,
      ...ports,
      EMBEDDING_PROVIDER: "none",
      LOG_LEVEL: "error",
      SHUTDOWN_GRACE_MS: "1000",
      ...env,
    },
    stdio: ["ignore", "pipe", "ignore"],
    // Its own process group: whatever it started is stopped with it, even if it failed to.
    detached: true,
  });
  let out = "";
  try {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 90_000);
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (until.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r(undefined)));
    child.stdout.destroy();
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // the group is gone already
    }
  }
  return out;
}

it("says plainly that the catalog is empty and how to load it", async () => {
  const nowhere = `http://127.0.0.1:${await unusedPort()}`;
  const out = await startOutput({ REGISTRY_URL: nowhere, REGISTRY_SNAPSHOT: "" }, /every search answers/);
  expect(out).toContain(
    `The catalog is empty: the registry (${nowhere}) cannot be reached from here, and no snapshot is set.`,
  );
  expect(out).toContain("REGISTRY_SNAPSHOT=/path/to/registry.json npm start");
  expect(out).toContain("npm run import -- /path/to/registry.json --wait");
}, 120_000);

it("says the mirror is off when it is switched off", async () => {
  const out = await startOutput({ MIRROR_ENABLED: "false", REGISTRY_SNAPSHOT: "" }, /every search answers/);
  expect(out).toContain("The catalog is empty: the registry mirror is switched off (MIRROR_ENABLED=false)");
}, 120_000);
