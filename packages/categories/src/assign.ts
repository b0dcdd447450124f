import type { CategoryId } from "@catalog/contracts";
import { KEYWORDS, type AssignableCategory } from "./keywords.js";
import { serverText, toolText, type CategoryInput } from "./text.js";

/** Points of a keyword found in the server's own text; one found only in its tools counts 1. */
const SERVER_HIT = 2;
/** A category joins the floor from this many keyword points. */
const FLOOR_POINTS = 2;
/**
 * A category is similar enough to join from this similarity above its baseline (what texts that
 * say nothing in particular score against it; see classifier.ts)...
 */
const MIN_SIMILARITY = 0.08;
/** ...when it is also within this distance of the most similar category. */
const SIMILARITY_MARGIN = 0.02;
/** How much each keyword point (at most 3) adds to a category's rank. */
const KEYWORD_BONUS = 0.03;
export const MAX_CATEGORIES = 3;

const CATEGORIES = Object.keys(KEYWORDS) as AssignableCategory[];

function pattern(keyword: string): RegExp {
  const body = keyword
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*$/, "[a-z0-9-]*")
    .replace(/ \?/g, "[\\s_-]*")
    .replace(/ /g, "[\\s_-]+");
  return new RegExp(`(?<![a-z0-9])${body}(?![a-z0-9])`, "i");
}

const RULES: [AssignableCategory, RegExp[]][] = CATEGORIES.map((c) => [c, KEYWORDS[c].map(pattern)]);

/** Keyword points per category: distinct keywords found, in the server's text or its tools. */
export function keywordPoints(input: CategoryInput): Map<AssignableCategory, number> {
  const own = serverText(input);
  const tools = toolText(input);
  const points = new Map<AssignableCategory, number>();
  for (const [category, patterns] of RULES) {
    let total = 0;
    for (const p of patterns) total += p.test(own) ? SERVER_HIT : p.test(tools) ? 1 : 0;
    if (total > 0) points.set(category, total);
  }
  return points;
}

/**
 * 1..3 category ids: the categories similar enough to the server (near the most similar one and
 * above a minimum) plus every category its keywords name (the floor), ranked by similarity with
 * a bonus per keyword point; `other` when nothing qualifies. `similarities` are cosine
 * similarities minus each category's baseline, null without a model (keywords alone). They are
 * rounded to four places so that float noise never changes the answer.
 */
export function assignCategories(
  input: CategoryInput,
  similarities: ReadonlyMap<AssignableCategory, number> | null,
): CategoryId[] {
  const points = keywordPoints(input);
  const sim = (c: AssignableCategory) => Math.round((similarities?.get(c) ?? 0) * 1e4) / 1e4;
  const top = Math.max(0, ...CATEGORIES.map(sim));
  const candidates = CATEGORIES.filter(
    (c) =>
      (points.get(c) ?? 0) >= FLOOR_POINTS ||
      (similarities !== null && sim(c) >= MIN_SIMILARITY && sim(c) >= top - SIMILARITY_MARGIN),
  );
  const rank = (c: AssignableCategory) => sim(c) + KEYWORD_BONUS * Math.min(3, points.get(c) ?? 0);
  const chosen = candidates.sort((a, b) => rank(b) - rank(a) || (a < b ? -1 : 1)).slice(0, MAX_CATEGORIES);
  return chosen.length ? chosen : ["other"];
}
