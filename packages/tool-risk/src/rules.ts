import type { Reading } from "./reveal.js";
import type { DetectorId, Finding, Severity } from "./types.js";

/**
 * One rule of a detector: a pattern, or patterns that must all match within one sentence (a
 * concept each: what is taken, how it moves, where to). Patterns are global and linear: bounded
 * gaps, no nested unbounded repeats.
 */
export type Rule = { rule: string; severity: Severity } & ({ pattern: RegExp } | { sentence: RegExp[] });

const EXCERPT = 160;

export function finding(
  detector: DetectorId,
  rule: string,
  severity: Severity,
  reading: Reading,
  start: number,
  end: number,
): Finding {
  return {
    detector,
    rule,
    severity,
    field: reading.field,
    start,
    end,
    excerpt: around(reading.text, start, end),
  };
}

/** The sentence of a match, for a reviewer to read (at most EXCERPT characters, from the match on when longer). */
function around(text: string, start: number, end: number): string {
  let from = start;
  while (from > 0 && start - from < EXCERPT && !/[.!?。！？\n]/.test(text[from - 1]!)) from--;
  let to = end;
  while (to < text.length && to - from < EXCERPT && !/[.!?。！？\n]/.test(text[to - 1]!)) to++;
  const sentence = text.slice(from, to).trim();
  return sentence.length <= EXCERPT ? sentence : text.slice(start, Math.min(end, start + EXCERPT));
}

/** Sentences with their offsets: split after . ! ? and their CJK forms, and at line breaks. */
export function sentences(text: string): { start: number; text: string }[] {
  const out: { start: number; text: string }[] = [];
  // Not after an abbreviation: "(e.g. ~/.ssh/id_rsa)" is one sentence with what follows.
  const end = /(?<!\b(?:e\.g|i\.e|etc|vs|cf|incl|approx|eg|ie|no))[.!?]+(?=\s|$)|[。！？]+|\n+/g;
  let start = 0;
  for (const match of text.matchAll(end)) {
    const stop = match.index + match[0].length;
    if (stop > start) out.push({ start, text: text.slice(start, stop) });
    start = stop;
  }
  if (start < text.length) out.push({ start, text: text.slice(start) });
  return out;
}

/** Whether a global pattern matches anywhere in `text` (from its start, whatever it matched before). */
export function matches(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0;
  return pattern.test(text);
}

function firstMatch(rule: Rule, text: string): { start: number; end: number } | null {
  if ("pattern" in rule) {
    rule.pattern.lastIndex = 0;
    const match = rule.pattern.exec(text);
    return match ? { start: match.index, end: match.index + match[0].length } : null;
  }
  for (const sentence of sentences(text)) {
    const all = rule.sentence.every((p) => matches(p, sentence.text));
    if (all) return { start: sentence.start, end: sentence.start + sentence.text.length };
  }
  return null;
}

/** Every rule over every reading: one finding per rule and field (its first match). */
export function scan(detector: DetectorId, rules: readonly Rule[], readings: readonly Reading[]): Finding[] {
  const found: Finding[] = [];
  for (const reading of readings) {
    for (const rule of rules) {
      const at = firstMatch(rule, reading.text);
      if (at) found.push(finding(detector, rule.rule, rule.severity, reading, at.start, at.end));
    }
  }
  return found;
}

/** Alternatives from a list separated by white space: `anyOf("a b")` is `(?:a|b)`. */
export const anyOf = (list: string): string => `(?:${list.trim().split(/\s+/).join("|")})`;

/** A case-insensitive, Unicode, global pattern from source text. */
export const rx = (source: string): RegExp => new RegExp(source, "giu");

/** Word boundaries that hold in every script (`\b` knows ASCII letters only). */
export const B = "(?<![\\p{L}\\p{N}_])";
export const E = "(?![\\p{L}\\p{N}_])";
