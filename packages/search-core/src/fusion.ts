import { EVIDENCE_KIND, NO_EVIDENCE, type Evidence } from "./match.js";
import { RETRIEVERS, type RankedLists, type Retriever } from "./types.js";

/**
 * The fusion's parameters. They read like the lexical index's Bm25fParams (a constant, weights,
 * shares) but tune another stage and are calibrated apart, so neither record is built from the other.
 */
export type FusionOptions = {
  /** The RRF constant: larger values flatten the difference between ranks. */
  k: number;
  /** Weight of each retriever's vote. */
  weights: Record<Retriever, number>;
  /** How many matched tools a server keeps. */
  maxTools: number;
  /** A vote is scaled by its hit's evidence to this power: 0 is plain reciprocal rank. */
  evidencePower: number;
};

/**
 * Chosen on the labelled sets (docs/search.md, "Calibration"): votes scaled by their evidence
 * (power 1), names counting double and meaning a quarter, against the four keyword and name votes;
 * a step's associated words (when it has any) a quarter too, and so the encoder trained here
 * (docs/search.md, "A model trained here").
 */
export const DEFAULT_FUSION: FusionOptions = {
  k: 60,
  weights: {
    server_keyword: 1,
    tool_keyword: 1,
    server_name: 2,
    server_semantic: 0.25,
    tool_semantic: 0.25,
    server_associated: 0.25,
    tool_associated: 0.25,
    server_trained: 0.25,
    tool_trained: 0.25,
  },
  maxTools: 5,
  evidencePower: 1,
};

export type FusedServer = {
  serverName: string;
  /** Sum of the retrievers' reciprocal-rank votes. */
  relevance: number;
  /** Tools that matched, best first, with their own fused score. */
  tools: { name: string; score: number }[];
  /** The best evidence of its hits, by kind. */
  evidence: Evidence;
};

/**
 * Reciprocal rank fusion grouped by server. In each retriever a server ranks where its first hit
 * (its own document or its best tool) appears among distinct servers, and earns
 * weight x evidence / (k + rank): a server that ranks first on one incidental word of a long
 * query earns a fraction of the vote of one that matched the whole query. Tools are fused the
 * same way among tool hits and kept as the server's matched tools.
 */
export function fuseByServer(lists: RankedLists, options: FusionOptions = DEFAULT_FUSION): FusedServer[] {
  const relevance = new Map<string, number>();
  const toolScores = new Map<string, Map<string, number>>();
  const evidence = new Map<string, Evidence>();
  for (const retriever of RETRIEVERS) {
    const hits = lists[retriever];
    if (!hits) continue;
    const weight = options.weights[retriever];
    if (weight === 0) continue;
    const kind = EVIDENCE_KIND[retriever];
    const seen = new Set<string>();
    hits.forEach((hit, index) => {
      const best = evidence.get(hit.serverName) ?? { ...NO_EVIDENCE };
      best[kind] = Math.max(best[kind], hit.evidence ?? 1);
      evidence.set(hit.serverName, best);
      const strength = weight * (hit.evidence ?? 1) ** options.evidencePower;
      if (!seen.has(hit.serverName)) {
        seen.add(hit.serverName);
        const vote = strength / (options.k + seen.size);
        relevance.set(hit.serverName, (relevance.get(hit.serverName) ?? 0) + vote);
      }
      if (hit.toolName !== null) {
        const tools = toolScores.get(hit.serverName) ?? new Map<string, number>();
        tools.set(hit.toolName, (tools.get(hit.toolName) ?? 0) + strength / (options.k + index + 1));
        toolScores.set(hit.serverName, tools);
      }
    });
  }
  return [...relevance.entries()]
    .map(([serverName, score]) => ({
      serverName,
      relevance: score,
      tools: [...(toolScores.get(serverName) ?? new Map<string, number>()).entries()]
        .map(([name, s]) => ({ name, score: s }))
        .sort((a, b) => b.score - a.score || compare(a.name, b.name))
        .slice(0, options.maxTools),
      evidence: evidence.get(serverName)!,
    }))
    .sort((a, b) => b.relevance - a.relevance || compare(a.serverName, b.serverName));
}

/** The relevance of a server first in every retriever that answered: the top of the 0..1 scale. */
export function maxRelevance(lists: RankedLists, options: FusionOptions = DEFAULT_FUSION): number {
  return RETRIEVERS.filter((r) => lists[r] !== undefined && options.weights[r] > 0).reduce(
    (sum, r) => sum + options.weights[r] / (options.k + 1),
    0,
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
