/** Turns texts into vectors. Every provider returns unit-length vectors of `dimensions` floats. */
export interface EmbeddingProvider {
  /** Key of the vectors in storage: a different model or dimension never mixes with this one. */
  readonly model: string;
  readonly dimensions: number;
  /** Batches the provider embeds at the same time (model threads); 1 when absent. */
  readonly parallelism?: number;
  /**
   * `urgent`: someone waits for these texts (a query); providers that queue put them first.
   * `signal`: once aborted, texts still waiting are dropped (the call rejects); those being
   * embedded finish.
   */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
  close?(): Promise<void>;
}

export type EmbedOptions = { urgent?: boolean; signal?: AbortSignal };

/** Told of each batch a provider embedded: how many texts, and how long it took. */
export type BatchObserver = (batch: { model: string; texts: number; seconds: number }) => void;

/** Scales a vector to unit length, so that cosine similarity is a dot product. */
export function normalize(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values);
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

/** Splits work into batches of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
