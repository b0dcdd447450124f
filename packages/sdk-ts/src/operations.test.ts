import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

describe("the SDK's methods", () => {
  it("are those of the current declarations (regenerate with `pnpm run methods`)", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [here("../scripts/methods.mjs")], {
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(stdout === readFileSync(here("./generated/operations.ts"), "utf8")).toBe(true);
  }, 60_000);
});
