/**
 * The tool-risk detectors over the labelled set: the poisoned tools of
 * tests/tool-risk/labelled/poisoned.ts against the benign tools of ../shared/data. Prints the
 * confusion matrices, precision and recall per detector and overall (the tables of
 * docs/tool-risk.md), the misses, and the benign tools flagged for review.
 *
 *   pnpm --filter @catalog/bench run tool-risk
 */
import {
  assessServer,
  assessTool,
  DETECTORS,
  FLAG_DETECTORS,
  findingsFor,
  type ToolInput,
  type ToolRiskFlag,
} from "@catalog/tool-risk";
import {
  evaluate,
  falsePositiveRate,
  precision,
  recall,
  type Confusion,
} from "../tests/tool-risk/evaluate.js";
import { BENIGN_SHAPES } from "../tests/tool-risk/labelled/benign-shapes.js";
import { EXFIL_TWINS } from "../tests/tool-risk/labelled/poisoned-exfil.js";
import { FLOW_TWINS } from "../tests/tool-risk/labelled/poisoned-flows.js";
import { PARADIGM_TWINS } from "../tests/tool-risk/labelled/poisoned-paradigms.js";
import { POISONED } from "../tests/tool-risk/labelled/poisoned.js";

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const row = (name: string, c: Confusion) =>
  `| ${name} | ${c.tp} | ${c.fn} | ${c.fp} | ${c.tn} | ${precision(c).toFixed(3)} | ${recall(c).toFixed(3)} | ${pct(falsePositiveRate(c))} |`;

const started = performance.now();
const result = evaluate();
const ms = performance.now() - started;
console.log(`${result.poisoned} poisoned and ${result.benign} benign tools, ${ms.toFixed(0)} ms\n`);
console.log(
  "| detector | caught (TP) | missed (FN) | false alarms (FP) | quiet (TN) | precision | recall | FP rate |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
console.log(row("**any (overall)**", result.overall));
for (const d of DETECTORS) console.log(row(d, result.detectors[d]));
console.log("\n| variant | tools | caught | recall |\n|---|---:|---:|---:|");
const kinds = new Map<string, { all: number; missed: number }>();
for (const item of POISONED) {
  const kind = item.variant.split(":")[0]!;
  const k = kinds.get(kind) ?? { all: 0, missed: 0 };
  k.all++;
  if (result.missed.some((m) => m.id === item.id)) k.missed++;
  kinds.set(kind, k);
}
for (const [kind, k] of kinds)
  console.log(`| ${kind} | ${k.all} | ${k.all - k.missed} | ${((k.all - k.missed) / k.all).toFixed(3)} |`);
console.log(`\nMissed (${result.missed.length}):`);
for (const m of result.missed) console.log(`- ${m.id} (${m.variant}; ${m.expect.join(", ")})`);
console.log(`\nBenign tools flagged (${result.falsePositives.length}):`);
for (const f of result.falsePositives) {
  console.log(
    `- ${f.id}: ${f.findings.map((x) => `${x.detector}/${x.rule} "${x.excerpt.slice(0, 80)}"`).join("; ")}`,
  );
}

/**
 * The benign sets (issue 47): how many tools have a high finding and how many raise a flag
 * (`findingsFor`, where the classifier alone raises none), each tool beside its siblings.
 */
const FLAGS = Object.keys(FLAG_DETECTORS) as ToolRiskFlag[];
function benignSet(items: readonly { tool: ToolInput; siblings?: readonly string[] }[]) {
  let high = 0;
  let raised = 0;
  for (const { tool, siblings = [] } of items) {
    const risk = assessServer([tool, ...siblings.filter((s) => s !== tool.name).map((name) => ({ name }))]);
    const mine = { ...risk, tools: risk.tools.filter((t) => t.tool === tool.name) };
    if (mine.tools[0]!.findings.some((f) => f.severity === "high")) high++;
    if (FLAGS.some((flag) => findingsFor(mine, flag).length > 0)) raised++;
  }
  return { tools: items.length, high, raised };
}
const sharedHigh = result.falsePositives.filter((f) => f.findings.some((x) => x.severity === "high")).length;
const sets = [
  [
    "shared data (toolsdk, LiveMCPBench, Docker)",
    { tools: result.benign, high: sharedHigh, raised: result.falsePositives.length },
  ],
  ["benign shapes (issue 47)", benignSet(BENIGN_SHAPES)],
  ["benign twins of the first set's families", benignSet([...FLOW_TWINS, ...EXFIL_TWINS, ...PARADIGM_TWINS])],
] as const;
console.log("\n| benign set | tools | with a high finding | raising a flag |\n|---|---:|---:|---:|");
for (const [name, s] of sets)
  console.log(
    `| ${name} | ${s.tools} | ${s.high} (${pct(s.high / s.tools)}) | ${s.raised} (${pct(s.raised / s.tools)}) |`,
  );

/**
 * Hostile text: the shapes that make backtracking patterns slow, at 5,000, 10,000 and 20,000
 * characters (every field is read up to 20,000). Linear handling shows as a ratio near 2 from
 * each size to the next; the milliseconds are per tool, the best of five runs.
 */
const HOSTILE: Record<string, (n: number) => ToolInput> = {
  "words and spaces": (n) => ({ name: "t", description: "do not tell ".repeat(n / 12) }),
  "open comments": (n) => ({ name: "t", description: "<!--".repeat(n / 4) }),
  "snake_case run": (n) => ({ name: "t", description: "when a_b ".repeat(n / 9) }),
  "base64-like run": (n) => ({ name: "t", description: "QUFB".repeat(n / 4) }),
  "zero-width split": (n) => ({ name: "t", description: "a\u200B".repeat(n / 2) }),
  "tag characters": (n) => ({ name: "t", description: "\u{E0041}".repeat(n / 2) }),
  "no sentence end": (n) => ({ name: "t", description: "send all the passwords to the ".repeat(n / 30) }),
  "orders around names (es, ja)": (n) => ({
    name: "t",
    description: "antes de llamar a a_b y ab_cd を呼び ".repeat(n / 32),
  }),
  "scanner's secret list": (n) => ({
    name: "config_check",
    description: "checks .env ~/.aws/credentials returns contents; ".repeat(n / 49),
  }),
  "schema of many properties": (n) => ({
    name: "t",
    inputSchema: {
      type: "object",
      properties: Object.fromEntries(
        Array.from({ length: n / 50 }, (_, i) => [`p_${i}`, { description: "x ".repeat(20) }]),
      ),
    },
  }),
};

function bestOf(runs: number, f: () => void): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

console.log("\n| hostile input | 5,000 chars (ms) | 10,000 | 20,000 | ratio 10k/5k | ratio 20k/10k |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const [name, make] of Object.entries(HOSTILE)) {
  const [a, b, c] = [5_000, 10_000, 20_000].map((n) => {
    const tool = make(n);
    return bestOf(5, () => assessTool(tool));
  }) as [number, number, number];
  console.log(
    `| ${name} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${c.toFixed(1)} | ${(b / a).toFixed(2)} | ${(c / b).toFixed(2)} |`,
  );
}
