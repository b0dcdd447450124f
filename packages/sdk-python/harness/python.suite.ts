import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startSdkStack, type SdkStack } from "../../../tests/support/sdk-stack.js";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Runs the Python SDK's unittest suite with the machine's python3 against the running service
 * (`pnpm --filter @catalog/sdk-python test`). Kept out of the default jest run: the root `npm
 * test` calls it once, as its own step.
 */
describe("Python SDK against the running service", () => {
  let stack: SdkStack;

  beforeAll(async () => {
    stack = await startSdkStack();
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it("passes its unittest suite", async () => {
    const remotes = [await stack.freshRemote(), await stack.freshRemote(), await stack.freshRemote()];
    const python = spawn("python3", ["-m", "unittest", "discover", "-s", "tests", "-t", ".", "-v"], {
      cwd: packageRoot,
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        PATH: process.env.PATH ?? "",
        PYTHONPATH: "src",
        PYTHONDONTWRITEBYTECODE: "1",
        CATALOG_URL: stack.url,
        CATALOG_STRICT_URL: stack.strictUrl,
        CATALOG_UNAVAILABLE_URL: stack.unavailableUrl,
        CATALOG_TEST_KEY: stack.key,
        CATALOG_TEST_SERVER: stack.server,
        CATALOG_REGISTRY_SERVER: stack.registryServer,
        CATALOG_FRESH_REMOTES: remotes.join(","),
      },
    });
    const [code] = (await once(python, "exit")) as [number | null];
    expect(code).toBe(0);
  }, 180_000);
});
