/**
 * Training and cross-validation of the learned second opinion (packages/tool-risk/src/learned):
 * a logistic regression over hashed lexical features, trained on the first labelled set's
 * poisoned tools against the shared data's benign tools. Pure and seeded: the same data gives
 * the same model, byte for byte. `bench/tool-risk-train.ts` writes the shipped model with it;
 * `bench/tool-risk-classifier.ts` measures it leaving one attack family out at a time.
 * The poisoned side also holds TRAINING_EXTRA (labelled/training-extra.ts): items by a second
 * writer in other styles, for training only; the rules' figures stay over the first set.
 * Nothing here reads the held-out second set.
 */
import { createHash } from "node:crypto";
import { FEATURES, fnv1a, toolFeatures, vectorize, type LearnedModel, type Sparse } from "@catalog/tool-risk";
import { benignTools, type BenignTool } from "./labelled/benign.js";
import { FIRST_SET } from "./labelled/first.js";
import type { LabelledTool } from "./labelled/poisoned.js";
import { TRAINING_EXTRA } from "./labelled/training-extra.js";
import { TRAINING_STYLES } from "./labelled/training-styles.js";
import { seededRandom } from "@catalog/lexical";

/** How the model is trained and its threshold chosen. */
export type TrainingOptions = {
  seed: number;
  epochs: number;
  rate: number;
  l2: number;
  balanced: boolean;
  thresholdFolds: number;
  maxFalsePositiveRate: number;
  evidenceRate: number;
};

export const TRAINING: TrainingOptions = {
  seed: 36,
  epochs: 12,
  rate: 0.3,
  l2: 1e-2,
  /** Positive examples weigh as much, in all, as the negative ones. */
  balanced: true,
  /** Folds of the benign tools, by server, whose out-of-fold scores choose the threshold. */
  thresholdFolds: 5,
  /**
   * Most benign tools the threshold may flag, out of fold: 0.2%, so that on servers it has not
   * seen (bench/tool-risk-classifier.ts) it stays within the target of 0.25%.
   */
  maxFalsePositiveRate: 0.002,
  /** Benign tools, out of fold, that may get a low finding (evidence, no flag): below its score, none. */
  evidenceRate: 0.01,
};

export type Example = { x: Sparse; y: 0 | 1; group: string };

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Logistic regression by AdaGrad over shuffled examples, L2 on the weights each touches. */
function trainLogistic(
  examples: readonly Example[],
  bits: number = FEATURES.bits,
  options: Partial<TrainingOptions> = {},
): { w: Float64Array; bias: number } {
  const { seed, epochs, rate, l2, balanced } = { ...TRAINING, ...options };
  const w = new Float64Array(1 << bits);
  const g2 = new Float64Array(1 << bits).fill(1e-8);
  let bias = 0;
  let b2 = 1e-8;
  const positives = examples.filter((e) => e.y === 1).length;
  const negatives = examples.length - positives;
  const weightOf = (y: number) =>
    !balanced || positives === 0 || negatives === 0
      ? 1
      : y === 1
        ? examples.length / (2 * positives)
        : examples.length / (2 * negatives);
  const next = seededRandom(seed);
  const order = examples.map((_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const k of order) {
      const { x, y } = examples[k]!;
      let z = bias;
      for (let i = 0; i < x.index.length; i++) z += w[x.index[i]!]! * x.value[i]!;
      const g = weightOf(y) * (sigmoid(z) - y);
      for (let i = 0; i < x.index.length; i++) {
        const j = x.index[i]!;
        const gj = g * x.value[i]! + l2 * w[j]!;
        g2[j]! += gj * gj;
        w[j]! -= (rate * gj) / Math.sqrt(g2[j]!);
      }
      b2 += g * g;
      bias -= (rate * g) / Math.sqrt(b2);
    }
  }
  return { w, bias };
}

/** Int8 weights with one scale: what the package ships. */
function quantize(w: Float64Array): { scale: number; bytes: Int8Array } {
  let max = 0;
  for (const v of w) max = Math.max(max, Math.abs(v));
  const scale = max === 0 ? 1 : Number((max / 127).toPrecision(6));
  return { scale, bytes: Int8Array.from(w, (v) => Math.max(-127, Math.min(127, Math.round(v / scale)))) };
}

/** A quantized model's score of a vector, as the package scores a tool. */
export function scoreWith(model: { bytes: Int8Array; scale: number; bias: number }, x: Sparse): number {
  let z = model.bias;
  for (let i = 0; i < x.index.length; i++) z += model.bytes[x.index[i]!]! * model.scale * x.value[i]!;
  return sigmoid(z);
}

/** The fold of a server: benign tools are split by server, never by tool. */
const foldOf = (group: string, folds: number) => fnv1a(group) % folds;

/** The lowest score that flags at most `rate` of the benign scores (rounded up to 4 decimals). */
export function thresholdFor(benignScores: readonly number[], rate: number): number {
  const sorted = [...benignScores].sort((a, b) => b - a);
  const allowed = Math.floor(rate * sorted.length);
  const above = sorted[allowed] ?? 0;
  return Math.min(1, Math.ceil((above + 1e-9) * 1e4) / 1e4);
}

type Trained = {
  bytes: Int8Array;
  scale: number;
  bias: number;
  threshold: number;
  evidence: number;
  /** The benign scores the threshold was chosen on (each by a model that did not see it). */
  outOfFold: number[];
};

/**
 * A model over `examples` and its threshold: the benign tools are split into folds by server,
 * a model trained without each fold scores it, and the threshold is the lowest score that
 * flags at most `maxFalsePositiveRate` of those out-of-fold scores (and the evidence score the
 * one that gives a low finding to at most `evidenceRate` of them). Then one model over all.
 */
export function trainWithThreshold(
  examples: readonly Example[],
  options: Partial<TrainingOptions> = {},
  bits: number = FEATURES.bits,
): Trained {
  const settings = { ...TRAINING, ...options };
  const folds = settings.thresholdFolds;
  const outOfFold: number[] = [];
  for (let f = 0; f < folds; f++) {
    const inFold = (e: Example) => e.y === 0 && foldOf(e.group, folds) === f;
    const { w, bias } = trainLogistic(
      examples.filter((e) => !inFold(e)),
      bits,
      settings,
    );
    const model = { ...quantize(w), bias };
    for (const e of examples) if (inFold(e)) outOfFold.push(scoreWith(model, e.x));
  }
  const { w, bias } = trainLogistic(examples, bits, settings);
  const threshold = thresholdFor(outOfFold, settings.maxFalsePositiveRate);
  const evidence = Math.min(threshold, thresholdFor(outOfFold, settings.evidenceRate));
  return { ...quantize(w), bias: Number(bias.toPrecision(8)), threshold, evidence, outOfFold };
}

/** The shipped form of a trained model. */
export function toModel(trained: Trained): LearnedModel {
  let binary = "";
  for (const b of trained.bytes) binary += String.fromCharCode(b & 0xff);
  return {
    bits: FEATURES.bits,
    maxWords: FEATURES.maxWords,
    maxFeatures: FEATURES.maxFeatures,
    charGram: FEATURES.charGram,
    bias: trained.bias,
    scale: trained.scale,
    threshold: trained.threshold,
    evidence: trained.evidence,
    weights: btoa(binary),
  };
}

/** The source of `model.ts`: the model, with its training data's size and checksum. */
export function modelSource(
  model: LearnedModel,
  data: { first: number; extra: number; benign: number },
): string {
  const digest = createHash("sha256").update(JSON.stringify(model)).digest("hex").slice(0, 16);
  return (
    `// Written by bench/tool-risk-train.ts (\`pnpm --filter @catalog/bench run tool-risk:train\`); do not edit.\n` +
    `// Trained on ${data.first} poisoned tools of the first labelled set, ${data.extra} of the extra training\n` +
    `// set and ${data.benign} benign tools of ../shared/data. sha256 of the model's JSON: ${digest}.\n` +
    `import type { LearnedModel } from "./classifier.js";\n\n` +
    `export const MODEL: LearnedModel = {\n` +
    Object.entries(model)
      .map(([key, value]) =>
        key === "weights"
          ? `  ${key}:\n    ${JSON.stringify(value)},\n`
          : `  ${key}: ${JSON.stringify(value)},\n`,
      )
      .join("") +
    `};\n`
  );
}

/** A family of poisoned tools: the publication whose pattern it follows (its `source` up to the year). */
function familyOf(item: Pick<LabelledTool, "source">): string {
  return item.source
    .replace(/\s*\(\d{4}.*$/s, "")
    .replace(/,\s*https?:.*$/s, "")
    .trim();
}

/** Where a poisoned tool comes from: the first labelled set, or the extra set (training only). */
type PoisonedSet = "first" | "extra";

export type TrainingData = {
  poisoned: { item: LabelledTool; family: string; set: PoisonedSet; x: Sparse }[];
  benign: { item: BenignTool; x: Sparse }[];
};

/** The first set's and the extra set's poisoned tools and the shared data's benign tools, as vectors. */
export function trainingData(): TrainingData {
  const poisoned = (set: PoisonedSet, items: readonly LabelledTool[]) =>
    items
      // Harm only in the code (`textOnly: false`): benign text, nothing to learn from.
      .filter((item) => item.textOnly !== false)
      .map((item) => ({ item, family: familyOf(item), set, x: vectorize(toolFeatures(item.tool)) }));
  return {
    poisoned: [
      ...poisoned("first", FIRST_SET),
      ...poisoned("extra", [...TRAINING_EXTRA, ...TRAINING_STYLES]),
    ],
    benign: benignTools().map((item) => ({ item, x: vectorize(toolFeatures(item.tool)) })),
  };
}

/** The sizes of the training data, as model.ts records them. */
export const sizesOf = (data: TrainingData) => ({
  first: data.poisoned.filter((p) => p.set === "first").length,
  extra: data.poisoned.filter((p) => p.set === "extra").length,
  benign: data.benign.length,
});

export const examplesOf = (data: TrainingData): Example[] => [
  ...data.poisoned.map((p) => ({ x: p.x, y: 1 as const, group: `poisoned:${p.family}` })),
  ...data.benign.map((b) => ({ x: b.x, y: 0 as const, group: b.item.server })),
];

export type HeldOut = {
  /** Each poisoned tool scored by a model trained without its family. */
  poisoned: {
    id: string;
    family: string;
    set: PoisonedSet;
    variant: string;
    score: number;
    threshold: number;
  }[];
  /** Each benign tool scored by a model trained without its server's fold (held out with `family`). */
  benign: { id: string; server: string; family: string; score: number; threshold: number }[];
  /** Per held-out family, the out-of-fold benign scores its model's threshold was chosen on. */
  thresholds: { family: string; threshold: number; outOfFold: number[] }[];
};

/**
 * Leave one family out: for each family (of the first set or of the extra set), a model trained (threshold included)
 * on the other families and on the benign tools outside one fold of servers scores that family
 * and that fold. Every tool is scored once, by a model that saw neither it nor its family or
 * server. The benign folds are as many as the families.
 */
export function leaveOneFamilyOut(
  data: TrainingData,
  options: Partial<TrainingOptions> = {},
  bits: number = FEATURES.bits,
): HeldOut {
  const families = [...new Set(data.poisoned.map((p) => p.family))].sort();
  const out: HeldOut = { poisoned: [], benign: [], thresholds: [] };
  families.forEach((family, fold) => {
    const benignOut = (b: TrainingData["benign"][number]) => foldOf(b.item.server, families.length) === fold;
    const examples = examplesOf({
      poisoned: data.poisoned.filter((p) => p.family !== family),
      benign: data.benign.filter((b) => !benignOut(b)),
    });
    const trained = trainWithThreshold(examples, options, bits);
    out.thresholds.push({ family, threshold: trained.threshold, outOfFold: trained.outOfFold });
    for (const p of data.poisoned)
      if (p.family === family)
        out.poisoned.push({
          id: p.item.id,
          family,
          set: p.set,
          variant: p.item.variant,
          score: scoreWith(trained, p.x),
          threshold: trained.threshold,
        });
    for (const b of data.benign)
      if (benignOut(b))
        out.benign.push({
          id: b.item.id,
          server: b.item.server,
          family,
          score: scoreWith(trained, b.x),
          threshold: trained.threshold,
        });
  });
  return out;
}
