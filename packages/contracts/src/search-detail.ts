import type {
  SearchAnswer,
  SearchDetail,
  SearchFullResponse,
  SearchNamesResponse,
  SearchResult,
  SearchSummaryResponse,
} from "./search.js";
import type { NextAction } from "./next-actions.js";

/** Characters of a summary's line: about a dozen words, enough to tell servers apart. */
export const SUMMARY_LINE = 90;

/** The first sentence of a description, cut at a word boundary to SUMMARY_LINE characters with "…". */
export function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const sentence = /^(.+?[.!?])(?:\s|$)/.exec(flat)?.[1] ?? flat;
  if (sentence.length <= SUMMARY_LINE) return sentence;
  const cut = sentence.slice(0, SUMMARY_LINE - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > SUMMARY_LINE / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

const summaryOf = (r: SearchResult) => ({
  name: r.name,
  line: oneLine(r.description || r.title || ""),
  match: r.match,
});

/**
 * A search answer at the level of detail asked for: `full` as the search service gave it;
 * `summary` a name, one line and the match per result (ten results in under 2 KB); `names`
 * names and match levels only. Per-intent answers follow the same level.
 */
export function atDetail(
  answer: SearchAnswer,
  detail: SearchDetail,
  next_actions: NextAction[],
): SearchFullResponse | SearchSummaryResponse | SearchNamesResponse {
  const { mode, results, intents } = answer;
  if (detail === "full") return { mode, detail, results, ...(intents ? { intents } : {}), next_actions };
  if (detail === "summary")
    return {
      mode,
      detail,
      results: results.map(summaryOf),
      ...(intents
        ? {
            intents: intents.map((i) => ({
              ...i,
              results: i.results.map(({ name, line, match }) => ({ name, line, match })),
            })),
          }
        : {}),
      next_actions,
    };
  return {
    mode,
    detail,
    results: results.map((r) => ({ name: r.name, match: r.match })),
    ...(intents
      ? {
          intents: intents.map((i) => ({
            ...i,
            results: i.results.map((r) => ({ name: r.name, match: r.match })),
          })),
        }
      : {}),
    next_actions,
  };
}
