import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Beside the Python package rather than in tests/: jest finds tests under packages/*/src only.
describe("the Python SDK's methods", () => {
  it("are those of the current declarations (regenerate with `pnpm --filter @catalog/sdk-python run methods`)", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [here("../scripts/methods.mjs")], {
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(stdout === readFileSync(here("./mcp_catalog/_operations.py"), "utf8")).toBe(true);
  }, 60_000);
});
