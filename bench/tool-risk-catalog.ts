/**
 * The tool-risk flags over the catalog's shared data: every server of the 2025-12-18 snapshot
 * with a tool list (toolsdk's lists matched to registry servers), LiveMCPBench's and Docker's
 * servers. Prints the share of servers carrying each flag and every flagged tool with its
 * findings, for the review in docs/tool-risk.md.
 *
 *   pnpm --filter @catalog/bench run tool-risk:catalog
 */
import { sharedImportData } from "@catalog/testing";
import { assessServer, flagged, type DetectorId, type ToolInput } from "@catalog/tool-risk";

const FLAGS: Record<string, DetectorId[]> = {
  tool_poisoning: ["hidden_instructions", "exfiltration", "cross_tool"],
  hidden_content: ["invisible_content", "encoded_content"],
  annotation_mismatch: ["annotation_mismatch"],
};

const { tools } = sharedImportData();
const servers = Object.entries(tools);
const counts: Record<string, number> = {
  ...Object.fromEntries(Object.keys(FLAGS).map((f) => [f, 0])),
  lethal_trifecta: 0,
};
const flaggedTools: string[] = [];
let toolCount = 0;
for (const [server, list] of servers) {
  const risk = assessServer(list as ToolInput[]);
  toolCount += list.length;
  if (risk.trifecta) counts.lethal_trifecta!++;
  for (const [flag, detectors] of Object.entries(FLAGS)) {
    const hits = risk.tools.flatMap((t) =>
      t.findings
        .filter((f) => flagged(f) && detectors.includes(f.detector))
        .map((f) => ({ tool: t.tool, f })),
    );
    if (hits.length === 0) continue;
    counts[flag]!++;
    for (const { tool, f } of hits)
      flaggedTools.push(
        `${flag} | ${server} | ${tool} | ${f.detector}/${f.rule} | ${f.excerpt.replace(/\s+/g, " ").slice(0, 140)}`,
      );
  }
}
console.log(`${servers.length} servers with tool lists, ${toolCount} tools\n`);
console.log("| flag | servers | share |");
console.log("|---|---:|---:|");
for (const [flag, n] of Object.entries(counts))
  console.log(`| \`${flag}\` | ${n} | ${((n / servers.length) * 100).toFixed(1)}% |`);
console.log(`\nFlagged findings (${flaggedTools.length}):`);
for (const line of flaggedTools) console.log(`- ${line}`);
