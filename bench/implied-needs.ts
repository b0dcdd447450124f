/**
 * Cost of reading a task's implied needs (`impliedNeeds`, packages/lexical) against the query
 * analysis every search already does (`queryTerms`), in the same process: over every labelled
 * task and intent as written, and over hostile texts of 500 and 4,000 characters (the longest a
 * task is read). The rules must stay linear in the text and under 0.2 ms per query.
 *
 * Usage: pnpm --filter @catalog/bench exec tsx implied-needs.ts
 */
import { impliedNeeds, queryTerms } from "@catalog/lexical";
import { labelledSets } from "../tests/support/search-sets.js";
import { round } from "./support.js";

/** Mean and largest microseconds of `fn` per text, each text timed over `rounds` calls. */
function time(
  texts: readonly string[],
  fn: (text: string) => unknown,
  rounds = 200,
): { mean: number; max: number } {
  let total = 0;
  let max = 0;
  for (const text of texts) {
    fn(text);
    const start = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) fn(text);
    const us = Number(process.hrtime.bigint() - start) / 1000 / rounds;
    total += us;
    max = Math.max(max, us);
  }
  return { mean: total / texts.length, max };
}

const sets = labelledSets();
const written = [...sets.tasks, ...sets.implied].map((t) => t.q).concat(sets.intents.map((i) => i.q));
const hostile = (n: number) => [
  "a.".repeat(n / 2),
  "/a".repeat(n / 2),
  "a@".repeat(n / 2),
  "click ".repeat(n / 6),
  "save ".repeat(n / 5),
  "x".repeat(n),
  `${"a-".repeat(n / 2 - 3)}.pptx`,
  "https://".repeat(n / 8),
];
console.log("| texts | queryTerms mean / max µs | impliedNeeds mean / max µs | ratio of means |");
console.log("|---|---|---|---|");
for (const [name, texts] of [
  [`labelled, as written (${written.length})`, written],
  ["hostile, 500 characters (8)", hostile(500)],
  ["hostile, 4,000 characters (8)", hostile(4000)],
] as const) {
  const base = time(texts, queryTerms);
  const implied = time(texts, impliedNeeds);
  console.log(
    `| ${name} | ${round(base.mean, 1)} / ${round(base.max, 1)} | ${round(implied.mean, 1)} / ${round(implied.max, 1)} | ${round(implied.mean / base.mean, 2)} |`,
  );
}
