import type { MatchLevel } from "@catalog/contracts";
import type { Retriever } from "./types.js";

/**
 * The best evidence a server's hits gave, by kind (0..1 each): the share of the query a
 * keyword hit matched, the strength of a name match, a semantic hit's similarity over its scale.
 */
export type Evidence = { keyword: number; name: number; meaning: number };

export const NO_EVIDENCE: Evidence = { keyword: 0, name: 0, meaning: 0 };

/** Which kind of evidence each retriever gives. */
export const EVIDENCE_KIND: Record<Retriever, keyof Evidence> = {
  server_keyword: "keyword",
  tool_keyword: "keyword",
  server_associated: "keyword",
  tool_associated: "keyword",
  server_name: "name",
  server_semantic: "meaning",
  tool_semantic: "meaning",
  server_trained: "meaning",
  tool_trained: "meaning",
};

/** Where each level starts; chosen on the labelled sets (docs/search.md, "Match levels"). */
export type MatchThresholds = { strong: Evidence; partial: Evidence };

export const MATCH_THRESHOLDS: MatchThresholds = {
  strong: { keyword: 0.75, name: 0.5, meaning: 1 },
  partial: { keyword: 0.4, name: 0.3, meaning: 0.8 },
};

/**
 * How well a result answers its query: `strong` when any kind of evidence reaches its strong
 * threshold (or keyword and meaning both reach partial), `partial` when any reaches partial,
 * `weak` otherwise (an incidental word, a distant meaning).
 */
export function matchLevel(e: Evidence, t: MatchThresholds = MATCH_THRESHOLDS): MatchLevel {
  const reaches = (level: Evidence, kind: keyof Evidence) => e[kind] >= level[kind];
  const kinds = ["keyword", "name", "meaning"] as const;
  if (kinds.some((k) => reaches(t.strong, k))) return "strong";
  if (reaches(t.partial, "keyword") && reaches(t.partial, "meaning")) return "strong";
  return kinds.some((k) => reaches(t.partial, k)) ? "partial" : "weak";
}
