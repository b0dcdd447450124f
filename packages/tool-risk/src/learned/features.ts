import { readings, type Reading } from "../reveal.js";
import { textsOf } from "../texts.js";
import type { ToolInput } from "../types.js";

/** How the learned classifier reads a tool; the model file records it, and scoring checks it matches. */
export const FEATURES = {
  /** Hashed feature space: 2^bits buckets, each feature with a sign from its hash. */
  bits: 14,
  /** Words read per tool; past it, a hostile definition costs no more. */
  maxWords: 20_000,
  /** Features taken per tool (repeats included): a bound on the work of scoring any input. */
  maxFeatures: 100_000,
  /** Character n-grams of each word (with boundary marks): what carries CJK and other scripts. */
  charGram: 3,
} as const;

/** 32-bit FNV-1a of a string's UTF-16 code units. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** Fields that describe nothing in prose: a sentence in them is unusual. */
const TERSE = /(?:^name|#name|\.default|\.const|\.enum\[\d+\]|\.examples\[\d+\]|\.title)$/;

/**
 * The features of a tool, as strings: word unigrams and bigrams of every text an agent reads
 * (after `readings`, so decoded and hidden text counts), character trigrams of each word, and
 * marks for decoded text and for prose in terse fields. Lowercased; at most `maxWords` words
 * and `maxFeatures` features taken, so the work is bounded whatever the input.
 */
export function featureStrings(read: readonly Reading[]): Set<string> {
  const out = new Set<string>();
  let words = 0;
  let budget = FEATURES.maxFeatures;
  const add = (feature: string) => {
    budget--;
    out.add(feature);
  };
  for (const reading of read) {
    if (words >= FEATURES.maxWords || budget <= 0) break;
    const text = reading.text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
    if (reading.decoding) add(`decoded:${reading.decoding}`);
    let previous = "";
    let count = 0;
    for (const [word] of text.matchAll(WORD)) {
      if (++words > FEATURES.maxWords || budget <= 0) break;
      count++;
      add(`w:${word}`);
      if (previous) add(`b:${previous} ${word}`);
      previous = word;
      const marked = `<${word}>`;
      if (marked.length > FEATURES.charGram + 1)
        for (let i = 0; i + FEATURES.charGram <= marked.length && budget > 0; i++)
          add(`c:${marked.slice(i, i + FEATURES.charGram)}`);
    }
    if (count >= 8 && TERSE.test(reading.field)) add("prose-in-terse-field");
  }
  return out;
}

/** The features of a tool's definition, read as `assessTool` reads it. */
export const toolFeatures = (tool: ToolInput): Set<string> => featureStrings(readings(textsOf(tool)));

/** Hashed sparse vector: bucket indices (sorted, may repeat) and signed values, L2-normalised. */
export type Sparse = { index: Int32Array; value: Float32Array };

export function vectorize(features: Iterable<string>, bits: number = FEATURES.bits): Sparse {
  const mask = (1 << bits) - 1;
  const index: number[] = [];
  const value: number[] = [];
  for (const f of features) {
    const h = fnv1a(f);
    index.push(h & mask);
    value.push(h & 0x80000000 ? -1 : 1);
  }
  const norm = index.length > 0 ? 1 / Math.sqrt(index.length) : 0;
  return { index: Int32Array.from(index), value: Float32Array.from(value, (v) => v * norm) };
}
