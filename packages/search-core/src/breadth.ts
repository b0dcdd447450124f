/**
 * A server's tool hits count for less the more tools it has: the best of a hundred tools matches
 * some words of almost any query by chance, the best of five does so only when the server does
 * what is asked. Without it, servers with the largest tool lists (cloud consoles, hosting and
 * identity APIs, "IT tools" collections) stood in the first five for unrelated needs (docs/search.md,
 * "Breadth").
 */
export type BreadthOptions = {
  /** Tool lists up to this size count in full. */
  base: number;
  /** How fast the weight falls past `base`: (base / tools) to this power. 0 switches it off. */
  power: number;
};

/** The weight (0..1] of a tool hit of a server with `tools` tools. */
export function breadthWeight(tools: number, { base, power }: BreadthOptions): number {
  return power === 0 || tools <= base ? 1 : (base / tools) ** power;
}
