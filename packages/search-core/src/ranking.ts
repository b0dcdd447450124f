import type { RankedServer } from "./trust.js";

/**
 * Servers the query names come first, strongest match first, in their fused order otherwise;
 * the rest keep their order. `strengths` are the name matches (0..1) of the query; matches
 * weaker than `minStrength` do not lift a server.
 */
export function namesFirst(
  ranked: readonly RankedServer[],
  strengths: ReadonlyMap<string, number>,
  minStrength: number,
): RankedServer[] {
  const strength = (r: RankedServer) => {
    const s = strengths.get(r.serverName) ?? 0;
    return s >= minStrength ? s : 0;
  };
  const named = ranked.filter((r) => strength(r) > 0);
  if (named.length === 0) return [...ranked];
  const order = new Map(ranked.map((r, i) => [r.serverName, i]));
  named.sort((a, b) => strength(b) - strength(a) || order.get(a.serverName)! - order.get(b.serverName)!);
  return monotone([...named, ...ranked.filter((r) => strength(r) === 0)]);
}

/**
 * One list from the results of a query's intents, taken in turns: each intent's best server,
 * then each one's second, and so on, so that every intent is represented at the top. A server
 * found by several intents stands once, where it first comes, with the matched tools of all of
 * them (each intent's best tool first).
 */
export function interleave(lists: readonly (readonly RankedServer[])[], maxTools: number): RankedServer[] {
  const out = new Map<string, RankedServer>();
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let rank = 0; rank < longest; rank++) {
    for (const list of lists) {
      const r = list[rank];
      if (!r) continue;
      const seen = out.get(r.serverName);
      if (!seen) out.set(r.serverName, { ...r, tools: [...r.tools] });
      else seen.tools = mergeTools(seen.tools, r.tools, maxTools);
    }
  }
  return monotone([...out.values()].map((r) => ({ ...r, tools: r.tools.slice(0, maxTools) })));
}

function mergeTools(a: RankedServer["tools"], b: RankedServer["tools"], max: number): RankedServer["tools"] {
  const names = new Set(a.map((t) => t.name));
  const added = b.filter((t) => !names.has(t.name));
  // The other intent's best tool ahead of this intent's weaker ones: each intent shows its tool.
  return [...a.slice(0, 1), ...added.slice(0, 1), ...a.slice(1), ...added.slice(1)].slice(0, max);
}

/** Scores never rise down a list whose order was decided by more than the score. */
export function monotone(ranked: readonly RankedServer[]): RankedServer[] {
  let ceiling = Infinity;
  return ranked.map((r) => {
    ceiling = Math.min(ceiling, r.score);
    return r.score === ceiling ? r : { ...r, score: ceiling };
  });
}

/**
 * Among servers shown with the same score (to 4 decimals, as results carry it) and next to each
 * other, the one whose tool definitions cost fewer tokens first (uncounted ones last); every
 * other order (names first, intents in turns) is kept.
 */
export function cheaperAmongEqual(
  ranked: readonly RankedServer[],
  tokensOf: (server: string) => number | null | undefined,
): RankedServer[] {
  const shown = (r: RankedServer) => Math.round(r.score * 10_000);
  const cost = (r: RankedServer) => tokensOf(r.serverName) ?? Infinity;
  const out: RankedServer[] = [];
  for (let start = 0; start < ranked.length;) {
    let end = start + 1;
    while (end < ranked.length && shown(ranked[end]!) === shown(ranked[start]!)) end++;
    out.push(...ranked.slice(start, end).sort((a, b) => cost(a) - cost(b)));
    start = end;
  }
  return out;
}
