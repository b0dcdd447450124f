import { stemmer } from "stemmer";
import { eng } from "stopword";

/**
 * Text analysis shared by documents and queries: identifiers split into words, lower case,
 * stop words dropped, Porter stems. Every step is a single pass or a regex without nested
 * quantifiers, so hostile text costs time linear in its length; the caps bound the work per
 * field whatever its length.
 */

/** Longer runs are hashes, base64 or minified code: no one types them. */
const MAX_WORD_LENGTH = 40;
/** Words kept per analysed text: a description past this adds cost, not matches. */
const MAX_WORDS = 2_000;
/** Characters looked at per analysed text. */
const MAX_CHARS = 64 * 1024;

const STOP_WORDS: ReadonlySet<string> = new Set(eng);

/** Boundaries inside identifiers: `sendMessage` and `HTTPServer` become `send Message`, `HTTP Server`. */
const CAMEL = /([\p{Ll}\p{N}])(\p{Lu})/gu;
const ACRONYM = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
/** A word: letters and digits; every other character (`_ - . / :` and spaces) separates. */
const WORD = /[\p{L}\p{N}]+/gu;
/** Scripts written without spaces: indexed as overlapping character pairs. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The words of a text, identifiers split, lower-cased, unstemmed, stop words kept. */
export function words(text: string): string[] {
  const source = text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text;
  const split = source.normalize("NFKC").replace(CAMEL, "$1 $2").replace(ACRONYM, "$1 $2");
  const out: string[] = [];
  for (const match of split.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    if (word.length > MAX_WORD_LENGTH) continue;
    if (UNSPACED.test(word)) pushPairs(word, out);
    else out.push(word);
    if (out.length >= MAX_WORDS) break;
  }
  return out;
}

function pushPairs(word: string, out: string[]): void {
  const chars = [...word];
  if (chars.length === 1) out.push(word);
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** The index term of a word: its Porter stem (numbers and short words as they are). */
export function stem(word: string): string {
  return word.length <= 3 || !/^[a-z]+$/.test(word) ? word : stemmer(word);
}

/** Index terms of a text: its words without stop words, stemmed. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) if (!STOP_WORDS.has(word)) out.push(stem(word));
  return out;
}

/**
 * The terms a query searches for: its index terms, or, when every word is a stop word
 * ("get", "what is this"), the stems of all its words, so it still finds what names them.
 */
export function queryTerms(query: string): string[] {
  const found = terms(query);
  return [...new Set(found.length > 0 ? found : words(query).map(stem))];
}
