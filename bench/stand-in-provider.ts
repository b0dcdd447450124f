import { createHash } from "node:crypto";
import type { EmbeddingProvider } from "../packages/embeddings/dist/index.js";

/**
 * Stand-in document vectors for loading a catalog too large to embed in the time at hand: the
 * local model's name and size, but each text's vector is a pseudo-random unit vector seeded by
 * its hash. Only loading uses it; the search service that is measured embeds queries with the
 * real model and searches these vectors as it would real ones (random vectors are the harder
 * case for an HNSW graph, so its search cost is not understated).
 */
export class StandInProvider implements EmbeddingProvider {
  readonly model = "local/universal-sentence-encoder-lite";
  readonly dimensions = 512;

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.vectorOf(t));
  }

  private vectorOf(text: string): Float32Array {
    let state = createHash("sha256").update(text).digest().readUInt32LE(0) || 1;
    const v = new Float32Array(this.dimensions);
    let norm = 0;
    for (let i = 0; i < v.length; i++) {
      // xorshift32
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      v[i] = (state >>> 0) / 2 ** 32 - 0.5;
      norm += v[i]! * v[i]!;
    }
    norm = Math.sqrt(norm);
    for (let i = 0; i < v.length; i++) v[i]! /= norm;
    return v;
  }
}
