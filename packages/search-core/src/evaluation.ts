/** Retrieval quality measures for the labelled query set (binary relevance). */

/** Share of the relevant items found among the first k results. */
export function recallAtK(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0;
  const found = ranked.slice(0, k).filter((r) => relevant.has(r)).length;
  return found / relevant.size;
}

/**
 * Recall capped at k: the share of the relevant items found among the first k results, out of
 * as many as k results can hold (a query with twelve relevant servers scores 1 when the first
 * five are all relevant).
 */
export function cappedRecallAtK(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0;
  const found = ranked.slice(0, k).filter((r) => relevant.has(r)).length;
  return found / Math.min(k, relevant.size);
}

/** The share of groups (a task's steps) with at least one relevant item among the first k results. */
export function coverageAtK(
  ranked: readonly string[],
  groups: readonly ReadonlySet<string>[],
  k: number,
): number {
  if (groups.length === 0) return 0;
  const top = ranked.slice(0, k);
  return groups.filter((g) => top.some((r) => g.has(r))).length / groups.length;
}

/** Normalised discounted cumulative gain of the first k results. */
export function ndcgAtK(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  const dcg = ranked.slice(0, k).reduce((sum, r, i) => sum + (relevant.has(r) ? 1 / Math.log2(i + 2) : 0), 0);
  let ideal = 0;
  for (let i = 0; i < Math.min(k, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
