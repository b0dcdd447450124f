#!/usr/bin/env node
/**
 * The long suite: scenario tests whose value is a long run (fault drills, a killed or interrupted
 * mirror, the incremental path over the whole snapshot), named `*.long.test.ts` and left out of
 * the main jest run.
 *
 * They run when the code they drill has changed since they last passed: `fingerprint` hashes the
 * files under INPUTS (as committed, tests included), `npm run test:long` writes the fingerprint of
 * a green run to tests/long-verified.txt (commit it with the change), and `npm test` runs the long
 * suite itself whenever that file does not match, so a change that skipped them pays for them in
 * CI. The ops team runs `npm run test:long -- --always` weekly.
 *
 *   node scripts/long-tests.mjs fingerprint    prints the current fingerprint
 *   node scripts/long-tests.mjs run [--always] [jest arguments]
 *                                              runs the suite if owed (or always); records a pass
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RECORD = path.join(ROOT, "tests/long-verified.txt");

/**
 * What the long tests exercise: the queues and their recovery, the database layer, the mirror and
 * the catalog's write path, each service's process and owed-work reconciliation, and the tests'
 * own support. A change elsewhere (search ranking, tool risk, the read API) does not owe a run.
 */
const INPUTS = [
  "**/*.long.test.ts",
  "jest.long.config.js",
  "scripts/long-tests.mjs",
  "pnpm-lock.yaml",
  "packages/queue/src",
  "packages/runtime/src",
  "packages/db/src",
  "packages/db/prisma",
  "packages/registry/src",
  "packages/testing/src",
  "services/catalog/src",
  "services/ingest/src",
  "services/prober/src/main.ts",
  "services/prober/src/prober.ts",
  "services/prober/src/owed",
  "services/search/src/main.ts",
  "services/search/src/search.ts",
  "tests/faults",
  "tests/support/mirror.ts",
  "tests/support/catalog.ts",
  "tests/support/template-db.ts",
  "tests/support/dependency-apis.ts",
];

/**
 * The files under INPUTS that git tracks or would (ignored ones left out), names and contents
 * hashed together: what a commit of the working tree would hold.
 */
function fingerprint() {
  const listed = execFileSync(
    "git",
    [
      "ls-files",
      "-z",
      "--cached",
      "--others",
      "--exclude-standard",
      "--",
      ...INPUTS.map((p) => `:(glob)${p}`),
    ],
    { cwd: ROOT, encoding: "utf8" },
  );
  const files = [...new Set(listed.split("\0").filter(Boolean))].sort();
  if (files.length === 0) throw new Error("long tests: no input files found");
  const hash = createHash("sha256");
  for (const file of files) {
    if (!existsSync(path.join(ROOT, file))) continue; // deleted, not yet staged
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(ROOT, file)))
      .update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

function recorded() {
  try {
    return readFileSync(RECORD, "utf8").trim();
  } catch {
    return "";
  }
}

function run(always, jestArgs) {
  const current = fingerprint();
  if (!always && recorded() === current) {
    console.log(`long tests: passed at this code already (${current}); skipped`);
    return 0;
  }
  const why = always ? "asked for" : "owed";
  console.log(`long tests: ${why} (inputs ${current}, last passed at ${recorded() || "never"})`);
  const jest = spawnSync(
    path.join(ROOT, "node_modules/.bin/jest"),
    ["--config", "jest.long.config.js", "--maxWorkers=2", ...jestArgs],
    {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, NODE_OPTIONS: "--experimental-vm-modules" },
    },
  );
  if (jest.status !== 0) return jest.status ?? 1;
  if (jestArgs.length > 0) return 0; // a part of the suite passed, not the suite
  writeFileSync(RECORD, `${current}\n`);
  console.log(`long tests: passed; ${path.relative(ROOT, RECORD)} records ${current}`);
  return 0;
}

const [command, ...rest] = process.argv.slice(2);
if (command === "fingerprint") console.log(fingerprint());
else if (command === "run")
  process.exitCode = run(
    rest.includes("--always"),
    rest.filter((a) => a !== "--always"),
  );
else {
  console.error("usage: long-tests.mjs fingerprint | run [--always] [jest arguments]");
  process.exitCode = 2;
}
