import type { FusedServer } from "./fusion.js";

export type RankedServer = FusedServer & { score: number };

/**
 * Re-ranks fused servers by trust: the final score is the relevance (scaled to 0..1 by
 * `maxRelevance`) times a factor from 1 - weight (trust 0) to 1 (trust 100). Relevance still
 * leads; among servers of similar relevance the more trusted one comes first.
 */
export function rerankByTrust(
  fused: readonly FusedServer[],
  trustOf: (serverName: string) => number,
  maxRelevance: number,
  weight = 0.3,
): RankedServer[] {
  if (maxRelevance <= 0) return [];
  return fused
    .map((f) => {
      const trust = Math.min(100, Math.max(0, trustOf(f.serverName)));
      const score = (f.relevance / maxRelevance) * (1 - weight + (weight * trust) / 100);
      return { ...f, score: Math.min(1, score) };
    })
    .sort((a, b) => b.score - a.score || b.relevance - a.relevance || (a.serverName < b.serverName ? -1 : 1));
}
