/**
 * The tool-risk flags over the catalog's shared data: every server of the 2025-12-18 snapshot
 * with a tool list (toolsdk's lists matched to registry servers), LiveMCPBench's and Docker's
 * servers. Prints the share of servers carrying each flag and every flagged tool with its
 * findings, for the review in docs/tool-risk.md.
 *
 *   pnpm --filter @catalog/bench run tool-risk:catalog
 *
 * BENCH_INTROSPECTED=<file> adds the introspected tool lists (bench/support.ts) of servers the
 * data gives none, as source `introspection`: their flags are counted apart too, and the
 * trifecta's tools of each such server are listed for review.
 *
 * Per tool (issue 47): the share of real tools with a high finding and with a flag, and each tool
 * with a high finding beside its hand review in tests/tool-risk/labelled/reviewed-real.ts
 * (`unreviewed` when it has none).
 */
import { sharedImportData } from "@catalog/testing";
import {
  assessServer,
  FLAG_DETECTORS,
  findingsFor,
  type ToolInput,
  type ToolRiskFlag,
} from "@catalog/tool-risk";
import { REVIEWED_REAL } from "../tests/tool-risk/labelled/reviewed-real.js";
import { introspectedLists } from "./support.js";

const FLAGS = Object.keys(FLAG_DETECTORS) as ToolRiskFlag[];

const { tools } = sharedImportData();
const introspected = introspectedLists(new Set(Object.keys(tools)));
const fromIntrospection = new Set(introspected?.lists.map((l) => l.server));
const servers: [string, ToolInput[]][] = [
  ...Object.entries(tools),
  ...(introspected?.lists ?? []).map((l): [string, ToolInput[]] => [l.server, l.tools]),
];
const counts: Record<string, [all: number, introspected: number]> = Object.fromEntries(
  [...FLAGS, "lethal_trifecta"].map((f) => [f, [0, 0]]),
);
const count = (flag: string, server: string) => {
  counts[flag]![0]++;
  if (fromIntrospection.has(server)) counts[flag]![1]++;
};
const byDetector = new Map<string, [all: number, introspected: number]>();
const flaggedTools: string[] = [];
const trifectas: string[] = [];
let toolCount = 0;
/** Tools with a high finding, and tools with a flag: [all, of them introspected]. */
const highTools: string[] = [];
const perTool = { high: [0, 0], flagged: [0, 0], introspected: 0, classifierAlone: [0, 0] };
const review = new Map(REVIEWED_REAL.map((r) => [`${r.server}#${r.tool}`, r]));
for (const [server, list] of servers) {
  const risk = assessServer(list);
  const source = fromIntrospection.has(server) ? " (introspection)" : "";
  toolCount += list.length;
  if (source) perTool.introspected += list.length;
  const flaggedNames = new Set(FLAGS.flatMap((flag) => findingsFor(risk, flag).map((f) => f.tool)));
  for (const { tool, findings } of risk.tools) {
    const high = findings.filter((f) => f.severity === "high");
    if (flaggedNames.has(tool)) {
      perTool.flagged[0]!++;
      if (source) perTool.flagged[1]!++;
    } else if (findings.some((f) => f.detector === "learned" && f.severity !== "low")) {
      // At the classifier's threshold with no rule beside it: evidence, no flag.
      perTool.classifierAlone[0]!++;
      if (source) perTool.classifierAlone[1]!++;
    }
    if (high.length === 0) continue;
    perTool.high[0]!++;
    if (source) perTool.high[1]!++;
    const r = review.get(`${server}#${tool}`);
    const rules = [...new Set(high.map((f) => `${f.detector}/${f.rule}`))].join(", ");
    highTools.push(
      `${server}${source} | ${tool} | ${rules} | ${r ? `${r.verdict}: ${r.reason}` : "unreviewed"}`,
    );
  }
  if (risk.trifecta) {
    count("lethal_trifecta", server);
    if (source)
      trifectas.push(
        `${server} | ${Object.entries(risk.trifecta)
          .map(([capability, names]) => `${capability}: ${names.join(", ")}`)
          .join(" | ")}`,
      );
  }
  for (const flag of FLAGS) {
    const hits = findingsFor(risk, flag);
    if (hits.length === 0) continue;
    count(flag, server);
    for (const f of hits) {
      const n = byDetector.get(f.detector) ?? [0, 0];
      n[0]++;
      if (source) n[1]++;
      byDetector.set(f.detector, n);
      const excerpt = f.excerpt.replace(/\s+/g, " ").slice(0, 140);
      flaggedTools.push(`${flag} | ${server}${source} | ${f.tool} | ${f.detector}/${f.rule} | ${excerpt}`);
    }
  }
}
console.log(`${servers.length} servers with tool lists, ${toolCount} tools`);
if (introspected) {
  const added = introspected.lists.reduce((n, l) => n + l.tools.length, 0);
  console.log(
    `of them from ${introspected.file}: ${introspected.lists.length} servers, ${added} tools (source introspection); ` +
      `${introspected.overlap.length} more servers introspected whose tools the data gives, kept from the data`,
  );
}
console.log("\n| flag | servers | share | of them introspected |");
console.log("|---|---:|---:|---:|");
for (const [flag, [n, i]] of Object.entries(counts))
  console.log(`| \`${flag}\` | ${n} | ${((n / servers.length) * 100).toFixed(1)}% | ${i} |`);
console.log("\n| detector | findings | of them on introspected tools |\n|---|---:|---:|");
for (const [detector, [n, i]] of byDetector) console.log(`| ${detector} | ${n} | ${i} |`);
const share = (n: number, of: number) => `${n} of ${of} (${((n / Math.max(1, of)) * 100).toFixed(2)}%)`;
const fromData = toolCount - perTool.introspected;
console.log("\n| real tools | with a high finding | with a flag |\n|---|---:|---:|");
console.log(`| all | ${share(perTool.high[0]!, toolCount)} | ${share(perTool.flagged[0]!, toolCount)} |`);
console.log(
  `| the data's | ${share(perTool.high[0]! - perTool.high[1]!, fromData)} | ${share(perTool.flagged[0]! - perTool.flagged[1]!, fromData)} |`,
);
if (introspected)
  console.log(
    `| introspected | ${share(perTool.high[1]!, perTool.introspected)} | ${share(perTool.flagged[1]!, perTool.introspected)} |`,
  );
console.log(
  `\nAt the classifier's threshold with no rule beside it (evidence, no flag): ${perTool.classifierAlone[0]} tools` +
    (introspected ? ` (${perTool.classifierAlone[1]} introspected)` : ""),
);
console.log(`\nTools with a high finding (${highTools.length}), with their review:`);
for (const line of highTools) console.log(`- ${line}`);
console.log(`\nFlagged findings (${flaggedTools.length}):`);
for (const line of flaggedTools) console.log(`- ${line}`);
if (introspected) {
  console.log(`\nTrifecta of introspected servers (${trifectas.length}):`);
  for (const line of trifectas) console.log(`- ${line}`);
}
