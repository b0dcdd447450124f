#!/usr/bin/env node
// The distribution of the catalog's derived facts (classes, trust, quality labels, categories,
// flags) over the configured database, with a sanity check of the category assignment.
//
//   catalog-report
import { loadConfig } from "@catalog/config";
import { Database, ReportRepository } from "@catalog/db";
import { distributionProblems, formatDistribution } from "../report/distribution.js";

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
