/**
 * What the learned second opinion adds to the rules, on attack families it was not trained on:
 * leave one family (publication, or attack-class description) out at a time, of the first
 * labelled set and of the extra training set (labelled/training-extra.ts) alike, with the benign
 * tools of ../shared/data split into as many folds by server. Prints recall and benign
 * false-positive rate of the rules alone, the classifier alone (each fold's threshold, chosen
 * out of fold on its own training data) and both (either flags), overall, per family and per
 * kind of variant, the first set and the extra set apart: the rules are measured and written on
 * the first set, so their recall on the extra set is for reference (the tables of
 * docs/tool-risk.md, "Learned second opinion").
 *
 * With `-- --rules-at <commit>`, also the rules as they were at that commit on the items added
 * to the set since: families neither side was written or trained on.
 *
 *   pnpm --filter @catalog/bench run tool-risk:classifier [-- --rules-at <commit>]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assessTool, flagged, readings, supportFor, textsOf, type Finding } from "@catalog/tool-risk";
import { leaveOneFamilyOut, thresholdFor, trainingData, TRAINING } from "../tests/tool-risk/learned.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const started = performance.now();
const data = trainingData();
const heldOut = leaveOneFamilyOut(data);
const trainMs = performance.now() - started;

const rulesFire = (findings: readonly Finding[]) =>
  findings.some((f) => flagged(f) && f.detector !== "learned");
const rulesPoisoned = new Map(data.poisoned.map((p) => [p.item.id, rulesFire(assessTool(p.item.tool))]));
// The rules' evidence that corroborates the classifier's evidence score (learned/corroborated).
const supported = (tool: Parameters<typeof assessTool>[0], findings: readonly Finding[]) =>
  supportFor(readings(textsOf(tool)), findings) !== undefined;
const supportPoisoned = new Map(
  data.poisoned.map((p) => [p.item.id, supported(p.item.tool, assessTool(p.item.tool))]),
);
const siblings = new Map<string, string[]>();
for (const { item } of data.benign)
  siblings.set(item.server, [...(siblings.get(item.server) ?? []), item.tool.name]);
const benignFindings = new Map(
  data.benign.map(({ item }) => [item.id, assessTool(item.tool, siblings.get(item.server))]),
);
const rulesBenign = new Map(
  data.benign.map(({ item }) => [item.id, rulesFire(benignFindings.get(item.id)!)]),
);
const supportBenign = new Map(
  data.benign.map(({ item }) => [item.id, supported(item.tool, benignFindings.get(item.id)!)]),
);
// Each fold's evidence score, chosen out of fold as the shipped one is.
const evidenceOf = new Map(
  heldOut.thresholds.map((t) => [t.family, thresholdFor(t.outOfFold, TRAINING.evidenceRate)]),
);

type Row = { n: number; rules: number; classifier: number; both: number; added: number };
const tally = (rows: { rules: boolean; classifier: boolean }[]): Row => ({
  n: rows.length,
  rules: rows.filter((r) => r.rules).length,
  classifier: rows.filter((r) => r.classifier).length,
  both: rows.filter((r) => r.rules || r.classifier).length,
  added: rows.filter((r) => !r.rules && r.classifier).length,
});
const verdicts = (threshold?: (family: string) => number) => ({
  poisoned: heldOut.poisoned.map((p) => ({
    ...p,
    rules: rulesPoisoned.get(p.id)!,
    classifier: p.score >= (threshold ? threshold(p.family) : p.threshold),
    corroborated: p.score >= evidenceOf.get(p.family)! && supportPoisoned.get(p.id)!,
  })),
  benign: heldOut.benign.map((b) => ({
    ...b,
    rules: rulesBenign.get(b.id)!,
    classifier: b.score >= (threshold ? threshold(b.family) : b.threshold),
    corroborated: b.score >= evidenceOf.get(b.family)! && supportBenign.get(b.id)!,
  })),
});

const v = verdicts();
const inSet = <T extends { set: string }>(rows: T[], set: string) => rows.filter((r) => r.set === set);
const SETS = [
  ["first", "first set"],
  ["extra", "extra set"],
] as const;
const ratio = (a: number, n: number) => (n === 0 ? "-" : (a / n).toFixed(3));
const pct = (a: number, n: number) => `${((a / n) * 100).toFixed(2)}% (${a})`;
const line = (name: string, r: Row) =>
  `| ${name} | ${r.n} | ${ratio(r.rules, r.n)} | ${ratio(r.classifier, r.n)} | ${ratio(r.both, r.n)} | ${r.added} |`;
const header = (what: string) =>
  `| ${what} | tools | rules | classifier | both | caught by the classifier only |\n|---|---:|---:|---:|---:|---:|`;

const familiesOf = (set: string) => new Set(inSet(data.poisoned, set).map((p) => p.family)).size;
console.log(
  `${data.poisoned.length} poisoned (first set ${inSet(data.poisoned, "first").length} in ${familiesOf("first")} families, ` +
    `extra set ${inSet(data.poisoned, "extra").length} in ${familiesOf("extra")}), ${data.benign.length} benign; ` +
    `${heldOut.thresholds.length} folds trained in ${trainMs.toFixed(0)} ms`,
);
const thresholds = heldOut.thresholds.map((t) => t.threshold);
console.log(`fold thresholds: ${Math.min(...thresholds)} to ${Math.max(...thresholds)}\n`);

const first = tally(inSet(v.poisoned, "first"));
const extra = tally(inSet(v.poisoned, "extra"));
const benign = tally(v.benign);
const recall = (a: number, n: number) => `${ratio(a, n)} (${a}/${n})`;
console.log(
  "| | recall, first set (held-out family) | recall, extra set (held-out family) | benign flagged |\n|---|---:|---:|---:|",
);
for (const [name, key] of [
  ["rules alone", "rules"],
  ["classifier alone", "classifier"],
  ["both (either flags)", "both"],
] as const)
  console.log(
    `| ${name} | ${recall(first[key], first.n)} | ${recall(extra[key], extra.n)} | ${pct(benign[key], benign.n)} |`,
  );

// The classifier as shipped: its threshold, or its evidence score with the rules' evidence.
const withSupport = (rows: { rules: boolean; classifier: boolean; corroborated: boolean }[]) =>
  tally(rows.map((r) => ({ rules: r.rules, classifier: r.classifier || r.corroborated })));
const f2 = withSupport(inSet(v.poisoned, "first"));
const e2 = withSupport(inSet(v.poisoned, "extra"));
const b2 = withSupport(v.benign);
console.log(
  `| classifier with corroboration | ${recall(f2.classifier, f2.n)} | ${recall(e2.classifier, e2.n)} | ${pct(b2.classifier, b2.n)} |`,
);
console.log(
  `| both, with corroboration | ${recall(f2.both, f2.n)} | ${recall(e2.both, e2.n)} | ${pct(b2.both, b2.n)} |`,
);

const servers = (flag: (b: (typeof v.benign)[number]) => boolean) =>
  new Set(v.benign.filter(flag).map((b) => b.server)).size;
console.log(
  `\nBenign servers: ${servers(() => true)}; with a tool flagged by the rules ${servers((b) => b.rules)}, ` +
    `by the classifier ${servers((b) => b.classifier)}, by either ${servers((b) => b.rules || b.classifier)}, ` +
    `by either with corroboration ${servers((b) => b.rules || b.classifier || b.corroborated)}`,
);
for (const [set, name] of SETS) {
  const rows = inSet(v.poisoned, set);
  console.log("\n" + header(`held-out family (${name})`));
  for (const family of [...new Set(rows.map((p) => p.family))])
    console.log(line(family, tally(rows.filter((p) => p.family === family))));
  console.log("\n" + header(`kind (${name})`));
  for (const kind of [...new Set(rows.map((p) => p.variant.split(":")[0]!))])
    console.log(line(kind, tally(rows.filter((p) => p.variant.split(":")[0] === kind))));
}

// Other operating points: each fold's threshold re-chosen on the same out-of-fold benign scores.
console.log(
  "\n| benign FP target | classifier recall, first set | classifier recall, extra set | benign flagged | servers flagged | both recall, first set | both recall, extra set | both benign flagged |\n|---|---:|---:|---:|---:|---:|---:|---:|",
);
for (const rate of [0.001, TRAINING.maxFalsePositiveRate, 0.0025, 0.005, 0.01]) {
  const byFamily = new Map(heldOut.thresholds.map((t) => [t.family, thresholdFor(t.outOfFold, rate)]));
  const w = verdicts((t) => byFamily.get(t)!);
  const p = tally(inSet(w.poisoned, "first"));
  const q = tally(inSet(w.poisoned, "extra"));
  const b = tally(w.benign);
  const flaggedServers = new Set(w.benign.filter((x) => x.classifier).map((x) => x.server)).size;
  console.log(
    `| ${rate * 100}% | ${ratio(p.classifier, p.n)} | ${ratio(q.classifier, q.n)} | ${pct(b.classifier, b.n)} | ${flaggedServers} | ` +
      `${ratio(p.both, p.n)} | ${ratio(q.both, q.n)} | ${pct(b.both, b.n)} |`,
  );
}

for (const [set, name] of SETS) {
  console.log(`\nPoisoned (${name}) caught by the classifier only:`);
  for (const p of inSet(v.poisoned, set).filter((p) => p.classifier && !p.rules))
    console.log(`  ${p.id} (${p.score.toFixed(3)})`);
  console.log(`\nPoisoned (${name}) missed by both:`);
  for (const p of inSet(v.poisoned, set).filter((p) => !p.classifier && !p.rules))
    console.log(`  ${p.id} (${p.score.toFixed(3)})`);
}
console.log("\nBenign flagged by the classifier (held out):");
for (const b of v.benign.filter((b) => b.classifier).sort((a, b) => b.score - a.score))
  console.log(`  ${b.id} (${b.score.toFixed(3)})`);

// `--rules-at <commit>`: the rules as they were at a commit, on the items added to the first set
// since then: families the rules were not written for either, so both sides are held out.
const at = process.argv.indexOf("--rules-at");
if (at > 0) {
  const commit = process.argv[at + 1]!;
  const dir = mkdtempSync(join(tmpdir(), "tool-risk-rules-"));
  execFileSync("sh", ["-c", `git archive ${commit} packages/tool-risk/src | tar -x -C ${dir}`], {
    cwd: root,
  });
  const earlier = new Set(
    execFileSync("git", ["show", `${commit}:tests/tool-risk/labelled/poisoned.ts`], {
      cwd: root,
      encoding: "utf8",
    })
      .match(/id: "[^"]+"/g)!
      .map((m) => m.slice(5, -1)),
  );
  const { assessTool: assessThen } = (await import(join(dir, "packages/tool-risk/src/index.ts"))) as {
    assessTool: typeof assessTool;
  };
  const tools = new Map(data.poisoned.map((p) => [p.item.id, p.item.tool]));
  const added = inSet(v.poisoned, "first")
    .filter((p) => !earlier.has(p.id))
    .map((p) => ({ ...p, rules: assessThen(tools.get(p.id)!).some((f) => flagged(f)) }));
  const thenBenign = data.benign.filter(({ item }) =>
    assessThen(item.tool, siblings.get(item.server)).some(flagged),
  );
  console.log(
    `\nRules at ${commit} on the ${added.length} items added since (benign flagged by those rules: ${thenBenign.length}):`,
  );
  console.log(header("family added since"));
  for (const family of [...new Set(added.map((p) => p.family))])
    console.log(line(family, tally(added.filter((p) => p.family === family))));
  console.log(line("**all**", tally(added)));
}
