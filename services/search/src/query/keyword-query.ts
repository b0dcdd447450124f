import type { KeywordQuery } from "@catalog/db";

/** Words of a query that make its keyword levels; later words are dropped (queries are short). */
export const MAX_KEYWORDS = 8;

/** Longest query that is matched by trigrams against names and identifiers. */
const MAX_NAME_LENGTH = 64;

/**
 * The keyword levels of a query's lexemes, strictest first: every word; every word but one
 * (three words or more); any word. A document ranks in the first level it matches, so one that
 * has all the query's words comes before one that shares a single common word with it, and
 * each level's ranking stays small however many documents the common words match.
 */
export function keywordLevels(lexemes: readonly string[]): string[] {
  const terms = [...new Set(lexemes)].slice(0, MAX_KEYWORDS).map(quote);
  if (terms.length === 0) return [];
  if (terms.length === 1) return [terms[0]!];
  const allButOne = terms.map((_, skip) => `(${terms.filter((__, i) => i !== skip).join(" & ")})`);
  return [terms.join(" & "), ...(terms.length >= 3 ? [allButOne.join(" | ")] : []), terms.join(" | ")];
}

/**
 * Whether a query reads like a name or an identifier (one or two words) rather than a sentence:
 * only then are trigrams matched, whose index scan grows with the query's length.
 */
export function isNameLike(query: string): boolean {
  const q = query.trim();
  return q.length <= MAX_NAME_LENGTH && q.split(/\s+/).length <= 2;
}

export function keywordQuery(query: string, lexemes: readonly string[]): KeywordQuery {
  return { levels: keywordLevels(lexemes), raw: query, nameLike: isNameLike(query) };
}

/** A lexeme as a tsquery operand: quoted, so that no character of it is read as an operator. */
function quote(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}
