/**
 * `pnpm run clients:verify`: every server of the snapshot through every target's real client
 * (the tests of this folder with CLIENTS_ALL=1), then the counts as markdown tables for the
 * README: one row per target. Exits with jest's status.
 * Plain Node (types stripped): it imports nothing but Node's own modules.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

type Result = {
  target: string;
  client: string;
  servers: number;
  accepted: number;
  refused: number;
  failing: number;
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const results = mkdtempSync(path.join(tmpdir(), "clients-results-"));
const started = Date.now();
const jest = spawnSync(path.join(ROOT, "node_modules/.bin/jest"), ["--maxWorkers=2", "tests/clients"], {
  cwd: ROOT,
  stdio: "inherit",
  env: {
    ...process.env,
    CLIENTS_ALL: "1",
    CLIENTS_RESULTS: results,
    NODE_OPTIONS: "--experimental-vm-modules",
  },
});
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const rows: Result[] = readdirSync(results)
  .map((file) => JSON.parse(readFileSync(path.join(results, file), "utf8")) as Result)
  .sort((a, b) => a.target.localeCompare(b.target));
rmSync(results, { recursive: true, force: true });

const table = (head: string[], body: (string | number)[][]) =>
  [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => " --- ").join("|")}|`,
    ...body.map((r) => `| ${r.map((c) => String(c).replace(/\|/g, "\\|")).join(" | ")} |`),
  ].join("\n");

console.log(
  [
    "",
    `Every server of the 2025-12-18 snapshot (latest versions) through the real clients, ${minutes} min:`,
    "",
    table(
      ["Target", "Checked by", "Servers", "Accepted", "Refused (409)", "Failing"],
      rows.map((r) => [r.target, r.client, r.servers, r.accepted, r.refused, r.failing]),
    ),
    "",
  ].join("\n"),
);
process.exit(jest.status ?? 1);
