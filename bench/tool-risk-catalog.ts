/**
 * The tool-risk flags over the catalog's shared data: every server of the 2025-12-18 snapshot
 * with a tool list (toolsdk's lists matched to registry servers), LiveMCPBench's and Docker's
 * servers. Prints the share of servers carrying each flag and every flagged tool with its
 * findings, for the review in docs/tool-risk.md.
 *
 *   pnpm --filter @catalog/bench run tool-risk:catalog
 */
import { sharedImportData } from "@catalog/testing";
import {
  assessServer,
  FLAG_DETECTORS,
  findingsFor,
  type ToolInput,
  type ToolRiskFlag,
} from "@catalog/tool-risk";

const FLAGS = Object.keys(FLAG_DETECTORS) as ToolRiskFlag[];

const { tools } = sharedImportData();
const servers = Object.entries(tools);
const counts: Record<string, number> = {
  ...Object.fromEntries(FLAGS.map((f) => [f, 0])),
  lethal_trifecta: 0,
};
const flaggedTools: string[] = [];
let toolCount = 0;
for (const [server, list] of servers) {
  const risk = assessServer(list as ToolInput[]);
  toolCount += list.length;
  if (risk.trifecta) counts.lethal_trifecta!++;
  for (const flag of FLAGS) {
    const hits = findingsFor(risk, flag);
    if (hits.length === 0) continue;
    counts[flag]!++;
    for (const f of hits) {
      const excerpt = f.excerpt.replace(/\s+/g, " ").slice(0, 140);
      flaggedTools.push(`${flag} | ${server} | ${f.tool} | ${f.detector}/${f.rule} | ${excerpt}`);
    }
  }
}
console.log(`${servers.length} servers with tool lists, ${toolCount} tools\n`);
console.log("| flag | servers | share |");
console.log("|---|---:|---:|");
for (const [flag, n] of Object.entries(counts))
  console.log(`| \`${flag}\` | ${n} | ${((n / servers.length) * 100).toFixed(1)}% |`);
console.log(`\nFlagged findings (${flaggedTools.length}):`);
for (const line of flaggedTools) console.log(`- ${line}`);
