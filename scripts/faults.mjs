// The long fault-injection run: tests/faults/outages.long.test.ts with two-minute outages over the
// whole 2025-12-18 snapshot (2,794 versions, pages of 100), with the prober and search services
// running too: PostgreSQL down while the mirror waits for page 10 (checks queued and running, index
// jobs pending), Redis killed while it waits for page 19, ingest, catalog, prober and search killed
// while the catalog writes page 27 and checks run. Prints the figures of each fault (versions
// handed over so far and present, checks done, servers indexed, failed jobs, seconds of outage,
// and seconds from the dependency's return until /healthz answered 200, until the catalog wrote
// again and until everything converged).
//
//   sh scripts/node22.sh node scripts/faults.mjs            # builds first (tsc -b, incremental)
//   node scripts/faults.mjs --no-build                        # with the toolchain on PATH already
//
// Knobs (environment): FAULT_OUTAGE_SECONDS (120), FAULT_ENTRIES ("all" or a number),
// FAULT_PAGE_SIZE (100), FAULT_PAGES (10,19,23,25,26,27), FAULT_KEEP=1 keeps the services' logs. Needs PostgreSQL's initdb and
// redis-server on the machine, and the local PostgreSQL and Redis the other tests use.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = mkdtempSync(path.join(os.tmpdir(), "catalog-faults-report-"));
const report = path.join(dir, "figures.jsonl");
const env = {
  ...process.env,
  NODE_OPTIONS: [process.env.NODE_OPTIONS, "--experimental-vm-modules"].filter(Boolean).join(" "),
  FAULT_OUTAGE_SECONDS: process.env.FAULT_OUTAGE_SECONDS ?? "120",
  FAULT_ENTRIES: process.env.FAULT_ENTRIES ?? "all",
  FAULT_PAGE_SIZE: process.env.FAULT_PAGE_SIZE ?? "100",
  FAULT_PAGES: process.env.FAULT_PAGES ?? "10,19,23,25,26,27",
  FAULT_REPORT: report,
};

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (!process.argv.includes("--no-build") && run("pnpm", ["run", "build"]) !== 0) process.exit(1);
const started = Date.now();
const status = run("npx", [
  "jest",
  "--config",
  "jest.long.config.js",
  "--runInBand",
  "tests/faults/outages.long.test.ts",
]);

let lines = [];
try {
  lines = readFileSync(report, "utf8")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
} catch {
  // no scenario finished
}
rmSync(dir, { recursive: true, force: true });
const seconds = (ms) => (ms === undefined ? "-" : (ms / 1000).toFixed(1));
console.log(
  `\nfault run: outages of ${env.FAULT_OUTAGE_SECONDS} s, entries ${env.FAULT_ENTRIES}, ` +
    `pages of ${env.FAULT_PAGE_SIZE}, faults at pages ${env.FAULT_PAGES}, ` +
    `${((Date.now() - started) / 60000).toFixed(1)} min in all`,
);
console.log(
  "fault            expected present  checks done  servers indexed failed  failed mid-outage  down s  health s  writing again s  converged s",
);
for (const l of lines) {
  console.log(
    [
      l.fault.padEnd(16),
      String(l.expected).padStart(8),
      String(l.present).padStart(7),
      String(l.checks ?? "-").padStart(7),
      String(l.checksDone ?? "-").padStart(5),
      String(l.servers ?? "-").padStart(8),
      String(l.indexed ?? "-").padStart(8),
      String(l.failedJobs).padStart(6),
      String(l.failedDuringOutage ?? "-").padStart(18),
      seconds(l.outageMs).padStart(7),
      seconds(l.healthMs).padStart(9),
      seconds(l.resumedMs).padStart(16),
      seconds(l.convergeMs).padStart(12),
    ].join(" "),
  );
}
process.exit(status);
