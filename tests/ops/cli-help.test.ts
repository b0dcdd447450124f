import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Every command answers --help with its invocation, what it reads and its exit codes, and does
 * no work (the database here is a closed port); a wrong call exits 2 with the usage.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const COMMANDS = {
  report: "services/catalog/dist/cli/report.js",
  import: "services/ingest/dist/cli/import.js",
  blocklist: "services/gateway/dist/cli/blocklist.js",
} as const;

function run(command: keyof typeof COMMANDS, args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, COMMANDS[command]), ...args],
      {
        env: {
          ...process.env,
          DATABASE_URL: "postgresql://postgres@127.0.0.1:1/none",
          REDIS_URL: "redis://127.0.0.1:1",
        },
        timeout: 60_000,
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe.each(Object.keys(COMMANDS) as (keyof typeof COMMANDS)[])("npm run %s", (command) => {
  it("answers --help and -h with its usage, settings and exit codes, and does nothing else", async () => {
    for (const flag of ["--help", "-h"]) {
      const { code, stdout } = await run(command, [flag]);
      expect(code).toBe(0);
      expect(stdout).toMatch(new RegExp(`^usage: npm run ${command}`));
      expect(stdout).toContain("settings (environment): DATABASE_URL");
      expect(stdout).toMatch(/exit codes:\n {2}0 +\S/);
      expect(stdout).toMatch(/\n {2}2 +wrong arguments/);
    }
  });

  it("exits 2 with the usage on an unknown option", async () => {
    const { code, stderr } = await run(command, ["--frobnicate"]);
    expect(code).toBe(2);
    expect(stderr).toContain("Unknown option '--frobnicate'");
    expect(stderr).toContain(`usage: npm run ${command}`);
  });
});
