import { isStopWord, words } from "./analyze.js";

/** Queries shorter than this (in words) are one intent, whatever their punctuation. */
const MIN_TASK_WORDS = 12;
/** Fewer content words than this do not make an intent of their own: they join the previous one. */
const MIN_INTENT_WORDS = 2;
/** A part this short is not split further on "and" or commas. */
const MIN_SPLIT_WORDS = 2;
export const MAX_INTENTS = 6;

/** Step boundaries that always separate: lines, list markers, sentence ends, sequencing words. */
const STEP = new RegExp(
  [
    String.raw`(?:^|\s)\d{1,2}[.)]\s`,
    String.raw`(?:^|\s)[•*\-]\s`,
    String.raw`\r?\n+`,
    String.raw`[.!?;]+(?:\s|$)`,
    String.raw`\b(?:and\s+)?(?:then|afterwards|after\s+that|finally|next|lastly|also)\b,?`,
  ].join("|"),
  "giu",
);
/** Boundaries that separate only parts long enough to be steps themselves. */
const SOFT = /,\s*(?:and\s+)?|\s+and\s+/giu;

const contentWords = (text: string): number => words(text).filter((w) => !isStopWord(w)).length;

/**
 * The intents of a query: a short query is one; a task described in steps (sentences, lines,
 * numbered or bulleted lists, "then", commas and "and" between long enough parts) gives one
 * per step, in order, at most MAX_INTENTS. Regexes without nested quantifiers: linear time.
 */
export function splitIntents(query: string): string[] {
  const text = query.trim();
  if (words(text).length < MIN_TASK_WORDS) return [text];
  const parts = text.split(STEP).flatMap((part) => splitSoft(part ?? ""));
  const intents: string[] = [];
  for (const part of parts.map((p) => p.trim()).filter((p) => p !== "")) {
    if (contentWords(part) >= MIN_INTENT_WORDS || intents.length === 0) intents.push(part);
    else intents[intents.length - 1] += ` ${part}`;
  }
  if (intents.length <= 1) return [text];
  return intents.length <= MAX_INTENTS ? intents : mergeTail(intents);
}

function splitSoft(part: string): string[] {
  const pieces = part.split(SOFT);
  if (pieces.length === 1 || pieces.some((p) => contentWords(p) < MIN_SPLIT_WORDS)) return [part];
  return pieces;
}

/** More steps than MAX_INTENTS: the last ones share an intent. */
function mergeTail(intents: string[]): string[] {
  return [...intents.slice(0, MAX_INTENTS - 1), intents.slice(MAX_INTENTS - 1).join(" ")];
}
