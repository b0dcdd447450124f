import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startSdkStack, type SdkStack } from "../../../tests/support/sdk-stack.js";
import { publishServer } from "../../../tests/support/prober-stack.js";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A catalog server the operators blocked (403 blocked, with its reason). */
const BLOCKED_SERVER = "io.github.catalog-sdk/blocked";
const BLOCK_REASON = "Impersonates another vendor";
/** A catalog server listing no remote and no package (409 no_connection for every target). */
const UNCONNECTABLE_SERVER = "io.github.catalog-sdk/unconnectable";

/**
 * pip with no index (and none of this process's PIP_* variables or a user pip.conf): the package
 * builds with its own in-tree backend (standard library only, `requires = []`), so pip has
 * nothing to download, offline or in CI; the wheel is installed with --no-deps.
 */
function pipEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    PIP_CONFIG_FILE: os.devNull,
    PIP_NO_INDEX: "1",
    PIP_DISABLE_PIP_VERSION_CHECK: "1",
    PIP_NO_CACHE_DIR: "1",
    PYTHONDONTWRITEBYTECODE: "1",
  };
}

async function run(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<void> {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "inherit", "inherit"] });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}`);
}

/**
 * The Python SDK as a user gets it (`pnpm --filter @catalog/sdk-python test`): pip builds a wheel
 * from the package's folder, the wheel is installed into a new, empty venv in a temp folder, and
 * that venv's python runs the unittest suite against the running service (the tests import the
 * installed package, never src/). Kept out of the default jest run: CI runs it as its own step.
 */
describe("Python SDK, installed from its wheel, against the running service", () => {
  let stack: SdkStack;
  let work: string;
  let python: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "sdk-python-"));
    stack = await startSdkStack();
    await publishServer(stack.h, BLOCKED_SERVER, [{ type: "streamable-http", url: stack.remote }]);
    await stack.h.db.prisma.blocklistEntry.create({
      data: { name: BLOCKED_SERVER, reason: BLOCK_REASON, createdBy: "sdk-python-suite" },
    });
    await publishServer(stack.h, UNCONNECTABLE_SERVER, []);
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("builds a wheel with pip from its folder and installs it into an empty venv, offline", async () => {
    const venv = path.join(work, "venv");
    const dist = path.join(work, "dist");
    await run("python3", ["-m", "venv", venv], work, pipEnv());
    python = path.join(venv, "bin", "python");
    await run(python, ["-m", "pip", "wheel", "--no-deps", "--wheel-dir", dist, packageRoot], work, pipEnv());
    const wheels = (await readdir(dist)).filter((file) => file.endsWith(".whl"));
    expect(wheels).toEqual(["mcp_catalog-0.1.0-py3-none-any.whl"]);
    await run(python, ["-m", "pip", "install", "--no-deps", path.join(dist, wheels[0]!)], work, pipEnv());
  }, 120_000);

  it("passes its unittest suite with the venv's python", async () => {
    expect(python).toBeDefined();
    const remotes = [await stack.freshRemote(), await stack.freshRemote(), await stack.freshRemote()];
    // Discovery from the package folder finds tests/; `mcp_catalog` resolves to the venv's copy.
    const child = spawn(python, ["-m", "unittest", "discover", "-s", "tests", "-t", ".", "-v"], {
      cwd: packageRoot,
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        PATH: process.env.PATH ?? "",
        PYTHONDONTWRITEBYTECODE: "1",
        CATALOG_URL: stack.url,
        CATALOG_STRICT_URL: stack.strictUrl,
        CATALOG_UNAVAILABLE_URL: stack.unavailableUrl,
        CATALOG_TEST_KEY: stack.key,
        CATALOG_TEST_SERVER: stack.server,
        CATALOG_BLOCKED_SERVER: BLOCKED_SERVER,
        CATALOG_BLOCK_REASON: BLOCK_REASON,
        CATALOG_UNCONNECTABLE_SERVER: UNCONNECTABLE_SERVER,
        CATALOG_REGISTRY_SERVER: stack.registryServer,
        CATALOG_FRESH_REMOTES: remotes.join(","),
        CATALOG_EXPECT_INSTALLED: "1",
      },
    });
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(0);
  }, 180_000);
});
