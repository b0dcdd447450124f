/**
 * A seeded generator (mulberry32), uniform in [0, 1): the same seed, the same sequence. What a
 * trainer shuffles with, so that the same data gives the same model bit for bit, and what a
 * benchmark chooses with, so that a run can be repeated.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
