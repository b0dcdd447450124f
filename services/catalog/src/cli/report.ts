#!/usr/bin/env node
// The distribution of the catalog's derived facts (classes, trust, quality labels, categories,
// flags) over the configured database, with a sanity check of the category assignment.
import { loadConfig } from "@catalog/config";
import { Database, ReportRepository } from "@catalog/db";
import { commandArgs, usageError, type CommandHelp } from "@catalog/runtime";
import { distributionProblems, formatDistribution } from "../report/distribution.js";

const HELP: CommandHelp = {
  usage: ["npm run report"],
  summary:
    "Prints how the catalog's servers spread over connection classes, trust bands, quality labels, " +
    "categories and trust flags, then checks that the category assignment is plausible.",
  options: [],
  settings: ["DATABASE_URL"],
  exitCodes: [
    [0, "the distribution is plausible"],
    [1, "a problem was found (each printed on stderr as `problem: ...`)"],
    [2, "wrong arguments, or the database could not be read"],
  ],
};
const { positionals } = commandArgs(HELP, {});
if (positionals.length > 0) usageError(HELP, `unexpected argument: ${positionals[0]}`);

const config = loadConfig();
const db = new Database({ url: config.DATABASE_URL, poolSize: 2, applicationName: "report" });
try {
  const distribution = await new ReportRepository(db.prisma).distribution();
  console.log(formatDistribution(distribution));
  const problems = distributionProblems(distribution);
  for (const p of problems) console.error(`problem: ${p}`);
  process.exitCode = problems.length ? 1 : 0;
} catch (err) {
  console.error(`report failed: ${(err as Error).message}`);
  process.exitCode = 2;
} finally {
  await db.close();
}
