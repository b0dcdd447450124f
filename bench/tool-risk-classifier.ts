/**
 * What the learned second opinion adds to the rules, on attack families it was not trained on:
 * leave one family (publication) of the first labelled set out at a time, with the benign tools
 * of ../shared/data split into as many folds by server. Prints recall and benign false-positive
 * rate of the rules alone, the classifier alone (each fold's threshold, chosen out of fold on
 * its own training data) and both (either flags), overall, per family and per kind of variant
 * (the tables of docs/tool-risk.md, "Learned second opinion").
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
import { assessTool, flagged, type Finding } from "@catalog/tool-risk";
import { leaveOneFamilyOut, thresholdFor, trainingData, TRAINING } from "../tests/tool-risk/learned.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const started = performance.now();
const data = trainingData();
const heldOut = leaveOneFamilyOut(data);
const trainMs = performance.now() - started;

const rulesFire = (findings: readonly Finding[]) =>
  findings.some((f) => flagged(f) && f.detector !== "learned");
const rulesPoisoned = new Map(data.poisoned.map((p) => [p.item.id, rulesFire(assessTool(p.item.tool))]));
const siblings = new Map<string, string[]>();
for (const { item } of data.benign)
  siblings.set(item.server, [...(siblings.get(item.server) ?? []), item.tool.name]);
const rulesBenign = new Map(
  data.benign.map(({ item }) => [item.id, rulesFire(assessTool(item.tool, siblings.get(item.server)))]),
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
  })),
  benign: heldOut.benign.map((b) => ({
    ...b,
    rules: rulesBenign.get(b.id)!,
    classifier: b.score >= (threshold ? threshold(b.family) : b.threshold),
  })),
});

const v = verdicts();
const ratio = (a: number, n: number) => (n === 0 ? "-" : (a / n).toFixed(3));
const pct = (a: number, n: number) => `${((a / n) * 100).toFixed(2)}% (${a})`;
const line = (name: string, r: Row) =>
  `| ${name} | ${r.n} | ${ratio(r.rules, r.n)} | ${ratio(r.classifier, r.n)} | ${ratio(r.both, r.n)} | ${r.added} |`;
const header = (what: string) =>
  `| ${what} | tools | rules | classifier | both | caught by the classifier only |\n|---|---:|---:|---:|---:|---:|`;

console.log(
  `${data.poisoned.length} poisoned in ${heldOut.thresholds.length} families, ${data.benign.length} benign; ` +
    `${heldOut.thresholds.length} folds trained in ${trainMs.toFixed(0)} ms`,
);
const thresholds = heldOut.thresholds.map((t) => t.threshold);
console.log(`fold thresholds: ${Math.min(...thresholds)} to ${Math.max(...thresholds)}\n`);

const all = tally(v.poisoned);
const benign = tally(v.benign);
console.log("| | recall (held-out family) | benign flagged |\n|---|---:|---:|");
console.log(
  `| rules alone | ${ratio(all.rules, all.n)} (${all.rules}/${all.n}) | ${pct(benign.rules, benign.n)} |`,
);
console.log(
  `| classifier alone | ${ratio(all.classifier, all.n)} (${all.classifier}/${all.n}) | ${pct(benign.classifier, benign.n)} |`,
);
console.log(
  `| both (either flags) | ${ratio(all.both, all.n)} (${all.both}/${all.n}) | ${pct(benign.both, benign.n)} |`,
);

const servers = (flag: (b: (typeof v.benign)[number]) => boolean) =>
  new Set(v.benign.filter(flag).map((b) => b.server)).size;
console.log(
  `\nBenign servers: ${servers(() => true)}; with a tool flagged by the rules ${servers((b) => b.rules)}, ` +
    `by the classifier ${servers((b) => b.classifier)}, by either ${servers((b) => b.rules || b.classifier)}`,
);
console.log("\n" + header("held-out family"));
for (const family of heldOut.thresholds.map((t) => t.family))
  console.log(line(family, tally(v.poisoned.filter((p) => p.family === family))));
console.log("\n" + header("kind"));
for (const kind of [...new Set(v.poisoned.map((p) => p.variant.split(":")[0]!))])
  console.log(line(kind, tally(v.poisoned.filter((p) => p.variant.split(":")[0] === kind))));

// Other operating points: each fold's threshold re-chosen on the same out-of-fold benign scores.
console.log(
  "\n| benign FP target | classifier recall | benign flagged | servers flagged | both recall | both benign flagged |\n|---|---:|---:|---:|---:|---:|",
);
for (const rate of [0.001, TRAINING.maxFalsePositiveRate, 0.0025, 0.005, 0.01]) {
  const byFamily = new Map(heldOut.thresholds.map((t) => [t.family, thresholdFor(t.outOfFold, rate)]));
  const w = verdicts((t) => byFamily.get(t)!);
  const p = tally(w.poisoned);
  const b = tally(w.benign);
  const flaggedServers = new Set(w.benign.filter((x) => x.classifier).map((x) => x.server)).size;
  console.log(
    `| ${rate * 100}% | ${ratio(p.classifier, p.n)} | ${pct(b.classifier, b.n)} | ${flaggedServers} | ${ratio(p.both, p.n)} | ${pct(b.both, b.n)} |`,
  );
}

console.log("\nPoisoned caught by the classifier only:");
for (const p of v.poisoned.filter((p) => p.classifier && !p.rules))
  console.log(`  ${p.id} (${p.score.toFixed(3)})`);
console.log("\nPoisoned missed by both:");
for (const p of v.poisoned.filter((p) => !p.classifier && !p.rules))
  console.log(`  ${p.id} (${p.score.toFixed(3)})`);
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
  const added = v.poisoned
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
