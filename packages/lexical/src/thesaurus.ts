import { isStopWord, stem, words } from "./analyze.js";
import type { QueryTerm } from "./lexical-index.js";

/**
 * Query expansion from WordNet (its database files as text, read by the caller): a query word
 * also looks for the other one-word lemmas of its commonest senses ("meeting" -> "encounter",
 * "headline" -> "heading"), at a low weight, so a plain-words need can reach a catalog that
 * says it differently. Multi-word lemmas are left out: as loose words they match too much.
 */

export type ThesaurusOptions = {
  /** Senses per part of speech looked at, commonest first (WordNet orders them by frequency). */
  senses: number;
  /** Also the lemmas of each sense's direct hypernyms ("headline" -> "title"). */
  hypernyms: boolean;
};

export const DEFAULT_THESAURUS: ThesaurusOptions = { senses: 2, hypernyms: false };

/** One part of speech of the database: its `index.<pos>` and `data.<pos>` files. */
export type WordNetPart = { index: string; data: string };

type Synset = { lemmas: string[]; hypernyms: number[] };

const SINGLE_WORD = /^[a-z]+$/;

export class Thesaurus {
  private readonly cache = new Map<string, readonly string[]>();

  private constructor(
    /** Per part of speech: lemma -> synset offsets, commonest sense first. */
    private readonly senses: Map<string, number[]>[],
    private readonly synsets: Map<number, Synset>[],
    private readonly options: ThesaurusOptions,
  ) {}

  static fromWordNet(parts: readonly WordNetPart[], options = DEFAULT_THESAURUS): Thesaurus {
    return new Thesaurus(
      parts.map((p) => parseIndex(p.index, options.senses)),
      parts.map((p) => parseData(p.data)),
      options,
    );
  }

  /** The other one-word lemmas of the word's commonest senses, lower case, without the word. */
  related(word: string): readonly string[] {
    const cached = this.cache.get(word);
    if (cached) return cached;
    const out = new Set<string>();
    const bases = new Set([word]);
    this.senses.forEach((index, part) => {
      const { lemma: base, offsets } = lookUp(index, word);
      bases.add(base);
      for (const offset of offsets) {
        const synset = this.synsets[part]!.get(offset);
        if (!synset) continue;
        for (const lemma of synset.lemmas) out.add(lemma);
        if (!this.options.hypernyms) continue;
        for (const up of synset.hypernyms)
          for (const lemma of this.synsets[part]!.get(up)?.lemmas ?? []) out.add(lemma);
      }
    });
    for (const base of bases) out.delete(base);
    const related = [...out];
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(word, related);
    return related;
  }
}

/**
 * The query's terms at weight 1, then the stems of its words' related lemmas that `known`
 * accepts (the index holds them) at `weight`, at most `perWord` per word. Expansions are
 * `optional`: they add to a document's score and coverage but not to what coverage is out of.
 */
export function expandQuery(
  query: string,
  base: readonly string[],
  thesaurus: Thesaurus,
  options: { weight: number; perWord: number; known: (term: string) => boolean },
): QueryTerm[] {
  const out: QueryTerm[] = base.map((term) => ({ term, weight: 1 }));
  const seen = new Set(base);
  for (const word of new Set(words(query))) {
    if (isStopWord(word)) continue;
    let added = 0;
    for (const lemma of thesaurus.related(word)) {
      const term = stem(lemma);
      if (added >= options.perWord || seen.has(term) || !options.known(term)) continue;
      seen.add(term);
      out.push({ term, weight: options.weight, optional: true });
      added++;
    }
  }
  return out;
}

/** Inflections WordNet's files do not hold, undone in turn until a lemma is found. */
const ENDINGS: [RegExp, string][] = [
  [/ies$/, "y"],
  [/es$/, ""],
  [/s$/, ""],
  [/ing$/, ""],
  [/ing$/, "e"],
  [/ed$/, ""],
  [/ed$/, "e"],
];

function lookUp(index: Map<string, number[]>, word: string): { lemma: string; offsets: readonly number[] } {
  const found = index.get(word);
  if (found) return { lemma: word, offsets: found };
  for (const [ending, replacement] of ENDINGS) {
    if (!ending.test(word)) continue;
    const lemma = word.replace(ending, replacement);
    const offsets = index.get(lemma);
    if (offsets) return { lemma, offsets };
  }
  return { lemma: word, offsets: [] };
}

/** `lemma pos synset_cnt p_cnt [ptr]... sense_cnt tagsense_cnt offset...` per line. */
function parseIndex(text: string, senses: number): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const line of text.split("\n")) {
    if (line.startsWith(" ") || line.length === 0) continue;
    const f = line.trimEnd().split(" ");
    const lemma = f[0]!;
    if (!SINGLE_WORD.test(lemma)) continue;
    const synsetCount = Number(f[2]);
    const offsets = f.slice(f.length - synsetCount, f.length - synsetCount + senses).map(Number);
    out.set(lemma, offsets);
  }
  return out;
}

/** `offset lex_filenum ss_type w_cnt(hex) [word lex_id]... p_cnt [symbol offset pos st]... | gloss`. */
function parseData(text: string): Map<number, Synset> {
  const out = new Map<number, Synset>();
  for (const line of text.split("\n")) {
    if (line.startsWith(" ") || line.length === 0) continue;
    const bar = line.indexOf(" | ");
    const f = (bar < 0 ? line : line.slice(0, bar)).split(" ");
    const wordCount = parseInt(f[3]!, 16);
    const lemmas: string[] = [];
    for (let i = 0; i < wordCount; i++) {
      // Adjectives may carry a marker such as "(a)"; lemmas are case-sensitive in data files.
      const lemma = f[4 + 2 * i]!.replace(/\(.*$/, "").toLowerCase();
      if (SINGLE_WORD.test(lemma)) lemmas.push(lemma);
    }
    const at = 4 + 2 * wordCount;
    const pointers = Number(f[at]);
    const hypernyms: number[] = [];
    for (let p = 0; p < pointers; p++) {
      const symbol = f[at + 1 + 4 * p];
      if (symbol === "@" || symbol === "@i") hypernyms.push(Number(f[at + 2 + 4 * p]));
    }
    out.set(Number(f[0]), { lemmas, hypernyms });
  }
  return out;
}
