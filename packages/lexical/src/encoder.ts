import { isStopWord, stem, words } from "./analyze.js";
import type { TextPair } from "./associations.js";
import { seededRandom } from "./random.js";

/**
 * A small text encoder trained here, on the catalog's own text pairs (a server's description
 * and each of its tools, a tool's description and its name): a text's vector is the normalised,
 * IDF-weighted sum of its features' vectors (stemmed words, optionally word pairs and the
 * character trigrams of words), the vectors trained contrastively so that the two texts of a
 * pair are nearer each other than the other pairs of their batch (InfoNCE with in-batch
 * negatives, both directions, sparse Adam). Deterministic: the same pairs and options give the
 * same model, bit for bit (a seeded generator, a fixed order of every sum).
 */

export type EncoderOptions = {
  /** Dimensions of the vectors. */
  dimensions: number;
  /** A feature needs to be in at least this many training texts. */
  minCount: number;
  /** Word pairs (adjacent terms) as features. */
  bigrams: boolean;
  /** Character trigrams of words (with boundary marks) as features, at this weight (0: none). */
  trigramWeight: number;
  /** Terms read per text. */
  maxTerms: number;
  epochs: number;
  batch: number;
  temperature: number;
  learningRate: number;
  seed: number;
};

/** Chosen on the labelled sets (docs/search.md, "A model trained here"). */
export const DEFAULT_ENCODER: EncoderOptions = {
  dimensions: 64,
  minCount: 2,
  bigrams: false,
  trigramWeight: 0,
  maxTerms: 64,
  epochs: 5,
  batch: 256,
  temperature: 0.05,
  learningRate: 0.01,
  seed: 46,
};

/** A trained model: per feature its IDF and vector (row-major, `dimensions` floats each). */
export type EncoderModel = {
  dimensions: number;
  bigrams: boolean;
  trigramWeight: number;
  maxTerms: number;
  features: string[];
  idf: Float32Array;
  vectors: Float32Array;
};

/** A text's features with their multiplier (1, or the trigram weight): terms, "a b" pairs, "#abc" trigrams. */
export function textFeatures(
  text: string,
  options: Pick<EncoderOptions, "bigrams" | "trigramWeight" | "maxTerms">,
): Map<string, number> {
  const terms: string[] = [];
  for (const word of words(text)) {
    if (isStopWord(word)) continue;
    terms.push(stem(word));
    if (terms.length >= options.maxTerms) break;
  }
  const out = new Map<string, number>();
  for (const t of terms) out.set(t, 1);
  if (options.bigrams) for (let i = 0; i + 1 < terms.length; i++) out.set(`${terms[i]} ${terms[i + 1]}`, 1);
  if (options.trigramWeight > 0)
    for (const t of terms) {
      if (t.length < 4 || !/^[a-z]+$/.test(t)) continue;
      const marked = `<${t}>`;
      for (let i = 0; i + 3 <= marked.length; i++) {
        const gram = `#${marked.slice(i, i + 3)}`;
        if (!out.has(gram)) out.set(gram, options.trigramWeight);
      }
    }
  return out;
}

/** A text as the trainer reads it: feature ids and their weights (IDF x multiplier). */
type Encoded = { ids: Int32Array; weights: Float64Array };

/**
 * Trains an encoder on text pairs (pairs with an empty side, and repeated pairs, are dropped).
 * `onEpoch` is told each epoch's mean loss.
 */
export function trainEncoder(
  pairs: Iterable<TextPair>,
  options: EncoderOptions = DEFAULT_ENCODER,
  onEpoch?: (epoch: number, loss: number) => void,
): EncoderModel {
  // Texts once each, pairs once each.
  const textIds = new Map<string, number>();
  const texts: string[] = [];
  const idOf = (text: string) => {
    let id = textIds.get(text);
    if (id === undefined) {
      id = texts.length;
      textIds.set(text, id);
      texts.push(text);
    }
    return id;
  };
  const pairSet = new Set<string>();
  const left: number[] = [];
  const right: number[] = [];
  for (const [a, b] of pairs) {
    if (a.trim() === "" || b.trim() === "") continue;
    const x = idOf(a);
    const y = idOf(b);
    if (x === y || pairSet.has(`${x} ${y}`)) continue;
    pairSet.add(`${x} ${y}`);
    left.push(x);
    right.push(y);
  }
  // Vocabulary: features in at least minCount texts, in order of first sight.
  const featureMaps = texts.map((t) => textFeatures(t, options));
  const df = new Map<string, number>();
  for (const f of featureMaps) for (const k of f.keys()) df.set(k, (df.get(k) ?? 0) + 1);
  const features = [...df.entries()].filter(([, n]) => n >= options.minCount).map(([k]) => k);
  features.sort();
  const index = new Map(features.map((f, i) => [f, i]));
  const n = texts.length;
  const idf = Float32Array.from(features, (f) => Math.log(1 + n / df.get(f)!));
  const encoded: Encoded[] = featureMaps.map((f) => {
    const ids: number[] = [];
    const weights: number[] = [];
    for (const [k, m] of f) {
      const i = index.get(k);
      if (i === undefined) continue;
      ids.push(i);
      weights.push(idf[i]! * m);
    }
    return { ids: Int32Array.from(ids), weights: Float64Array.from(weights) };
  });

  const d = options.dimensions;
  const random = seededRandom(options.seed);
  const vectors = new Float32Array(features.length * d);
  // Uniform in ±sqrt(3/d): unit variance over a vector.
  const spread = Math.sqrt(3 / d);
  for (let i = 0; i < vectors.length; i++) vectors[i] = (random() * 2 - 1) * spread;
  const m1 = new Float32Array(vectors.length);
  const m2 = new Float32Array(vectors.length);
  const [beta1, beta2, eps] = [0.9, 0.999, 1e-8];
  let step = 0;

  const order = Array.from(left, (_, i) => i);
  const B = options.batch;
  const tau = options.temperature;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let lossSum = 0;
    let batches = 0;
    for (let start = 0; start + 1 < order.length; start += B) {
      const chosen = order.slice(start, start + B);
      const size = chosen.length;
      const ls = chosen.map((p) => left[p]!);
      const rs = chosen.map((p) => right[p]!);
      const a = ls.map((t) => forward(encoded[t]!, vectors, d));
      const b = rs.map((t) => forward(encoded[t]!, vectors, d));
      // Logits, masked where another pair shares a text with this one (not a negative).
      const z = new Float64Array(size * size);
      const masked = new Uint8Array(size * size);
      for (let i = 0; i < size; i++)
        for (let j = 0; j < size; j++) {
          if (i !== j && (ls[i] === ls[j] || rs[i] === rs[j] || ls[i] === rs[j] || rs[i] === ls[j])) {
            masked[i * size + j] = 1;
            continue;
          }
          z[i * size + j] = dot(a[i]!.v, b[j]!.v, d) / tau;
        }
      const g = new Float64Array(size * size);
      let loss = 0;
      // Rows (left to right), then columns (right to left).
      for (const byRow of [true, false]) {
        for (let i = 0; i < size; i++) {
          const at = (j: number) => (byRow ? i * size + j : j * size + i);
          let max = -Infinity;
          for (let j = 0; j < size; j++) if (!masked[at(j)] && z[at(j)]! > max) max = z[at(j)]!;
          let sum = 0;
          for (let j = 0; j < size; j++) if (!masked[at(j)]) sum += Math.exp(z[at(j)]! - max);
          loss += -(z[at(i)]! - max - Math.log(sum));
          for (let j = 0; j < size; j++) {
            if (masked[at(j)]) continue;
            const p = Math.exp(z[at(j)]! - max) / sum;
            g[at(j)] = g[at(j)]! + (p - (i === j ? 1 : 0)) / (2 * size * tau);
          }
        }
      }
      lossSum += loss / (2 * size);
      batches++;
      // Gradients of the normalised vectors, then of the features' vectors.
      const grads = new Map<number, Float64Array>();
      const back = (text: number, x: Forward, other: Forward[], row: boolean, i: number) => {
        const gv = new Float64Array(d);
        for (let j = 0; j < size; j++) {
          const gij = row ? g[i * size + j]! : g[j * size + i]!;
          if (gij === 0) continue;
          const o = other[j]!.v;
          for (let k = 0; k < d; k++) gv[k] = gv[k]! + gij * o[k]!;
        }
        if (x.norm === 0) return;
        const proj = dot(gv, x.v, d);
        const e = encoded[text]!;
        for (let f = 0; f < e.ids.length; f++) {
          const id = e.ids[f]!;
          const w = e.weights[f]! / x.norm;
          let acc = grads.get(id);
          if (!acc) {
            acc = new Float64Array(d);
            grads.set(id, acc);
          }
          for (let k = 0; k < d; k++) acc[k] = acc[k]! + w * (gv[k]! - x.v[k]! * proj);
        }
      };
      for (let i = 0; i < size; i++) back(ls[i]!, a[i]!, b, true, i);
      for (let j = 0; j < size; j++) back(rs[j]!, b[j]!, a, false, j);
      step++;
      const lr = (options.learningRate * Math.sqrt(1 - beta2 ** step)) / (1 - beta1 ** step);
      for (const id of [...grads.keys()].sort((x, y) => x - y)) {
        const acc = grads.get(id)!;
        const base = id * d;
        for (let k = 0; k < d; k++) {
          const gk = acc[k]!;
          m1[base + k] = beta1 * m1[base + k]! + (1 - beta1) * gk;
          m2[base + k] = beta2 * m2[base + k]! + (1 - beta2) * gk * gk;
          vectors[base + k] = vectors[base + k]! - (lr * m1[base + k]!) / (Math.sqrt(m2[base + k]!) + eps);
        }
      }
    }
    onEpoch?.(epoch, lossSum / Math.max(1, batches));
  }
  return {
    dimensions: d,
    bigrams: options.bigrams,
    trigramWeight: options.trigramWeight,
    maxTerms: options.maxTerms,
    features,
    idf,
    vectors,
  };
}

type Forward = { v: Float64Array; norm: number };

function forward(e: Encoded, vectors: Float32Array, d: number): Forward {
  const u = new Float64Array(d);
  for (let f = 0; f < e.ids.length; f++) {
    const base = e.ids[f]! * d;
    const w = e.weights[f]!;
    for (let k = 0; k < d; k++) u[k] = u[k]! + w * vectors[base + k]!;
  }
  const norm = Math.sqrt(dot(u, u, d));
  if (norm > 0) for (let k = 0; k < d; k++) u[k] = u[k]! / norm;
  return { v: u, norm };
}

function dot(x: ArrayLike<number>, y: ArrayLike<number>, d: number): number {
  let s = 0;
  for (let k = 0; k < d; k++) s += x[k]! * y[k]!;
  return s;
}

/** Encodes texts with a trained model: unit vectors (zero for a text with no known feature). */
export class TrainedEncoder {
  private readonly index: Map<string, number>;

  constructor(readonly model: EncoderModel) {
    this.index = new Map(model.features.map((f, i) => [f, i]));
  }

  get dimensions(): number {
    return this.model.dimensions;
  }

  embed(text: string): Float32Array {
    const d = this.model.dimensions;
    const u = new Float64Array(d);
    for (const [k, m] of textFeatures(text, this.model)) {
      const i = this.index.get(k);
      if (i === undefined) continue;
      const w = this.model.idf[i]! * m;
      const base = i * d;
      for (let j = 0; j < d; j++) u[j] = u[j]! + w * this.model.vectors[base + j]!;
    }
    const norm = Math.sqrt(dot(u, u, d));
    return Float32Array.from(u, (x) => (norm > 0 ? x / norm : 0));
  }
}
