import type { Reading } from "../reveal.js";
import type { Finding } from "../types.js";
import { FEATURES, featureStrings, fnv1a } from "./features.js";
import { MODEL } from "./model.js";

/**
 * A trained model as the package ships it (`model.ts`, written by `bench/tool-risk-train.ts`):
 * int8 weights times `scale` per hashed bucket, a bias, and the score from which a verdict
 * counts as a flag.
 */
export type LearnedModel = {
  bits: number;
  maxWords: number;
  maxFeatures: number;
  charGram: number;
  bias: number;
  scale: number;
  /** Scores at or above it are `medium` findings (a flag); below, `low` (evidence only). */
  threshold: number;
  /** Scores below it give no finding at all. */
  evidence: number;
  /** The int8 weights, base64. */
  weights: string;
};

export type Weights = { bits: number; bias: number; weight: (bucket: number) => number };

const cache = new WeakMap<LearnedModel, Weights>();

/** The weights of a shipped model, decoded once. */
export function weightsOf(model: LearnedModel): Weights {
  let out = cache.get(model);
  if (!out) {
    if (
      model.maxWords !== FEATURES.maxWords ||
      model.maxFeatures !== FEATURES.maxFeatures ||
      model.charGram !== FEATURES.charGram
    )
      throw new Error("the learned model was trained on other features: re-run bench/tool-risk-train.ts");
    const bytes = Int8Array.from(atob(model.weights), (c) => (c.charCodeAt(0) << 24) >> 24);
    if (bytes.length !== 1 << model.bits) throw new Error("the learned model's weights are truncated");
    const scale = model.scale;
    out = { bits: model.bits, bias: model.bias, weight: (b) => bytes[b]! * scale };
    cache.set(model, out);
  }
  return out;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Features with their contribution to the score, largest first (what a finding shows). */
export type Scored = { score: number; top: { feature: string; contribution: number }[] };

/** The model's probability that a tool's texts are poisoned, and the features that raised it most. */
export function score(read: readonly Reading[], weights: Weights = weightsOf(MODEL)): Scored {
  const features = featureStrings(read);
  const mask = (1 << weights.bits) - 1;
  const norm = features.size > 0 ? 1 / Math.sqrt(features.size) : 0;
  let z = weights.bias;
  const top: Scored["top"] = [];
  for (const feature of features) {
    const h = fnv1a(feature);
    const contribution = weights.weight(h & mask) * (h & 0x80000000 ? -1 : 1) * norm;
    z += contribution;
    if (contribution > 0 && (feature.startsWith("w:") || feature.startsWith("b:")))
      keepTop(top, { feature: feature.slice(2), contribution });
  }
  return { score: sigmoid(z), top };
}

const TOP = 6;
function keepTop(top: Scored["top"], entry: Scored["top"][number]): void {
  if (top.length === TOP && top[TOP - 1]!.contribution >= entry.contribution) return;
  top.push(entry);
  top.sort((a, b) => b.contribution - a.contribution);
  if (top.length > TOP) top.pop();
}

/**
 * Texts shorter than this, all fields together, say what the tool does and hardly more: too
 * short to carry an order besides it. On few words the model reads topic more than intent
 * ("Reads the user's inbox." scores like an attack on mail), so they are evidence at most.
 */
const MIN_WORDS_TO_FLAG = 15;

const wordCount = (read: readonly Reading[]): number =>
  read.reduce((n, r) => n + (r.text.match(/\S+/g)?.length ?? 0), 0);

/**
 * The learned second opinion on a tool: one finding with the model's score, `medium` (a flag)
 * at or above the model's threshold on texts of at least MIN_WORDS_TO_FLAG words, `low`
 * (evidence only) above `evidence`, none below. The excerpt names the words that raised the
 * score most.
 */
export function learned(
  read: readonly Reading[],
  model: LearnedModel = MODEL,
  evidence: readonly Finding[] = [],
): Finding[] {
  const { score: s, top } = score(read, weightsOf(model));
  if (s < model.evidence) return [];
  const long = wordCount(read) >= MIN_WORDS_TO_FLAG;
  const flags = s >= model.threshold && long;
  // Two weak signals make a flag: the evidence score with a rule's evidence (CORROBORATING).
  const support = flags ? undefined : supportFor(read, evidence);
  const words = top.map((t) => t.feature).join(", ");
  return [
    {
      detector: "learned",
      rule: support ? "corroborated" : "classifier",
      severity: flags || support ? "medium" : "low",
      field: "tool",
      start: 0,
      end: 0,
      excerpt:
        `score ${s.toFixed(3)}${support ? ` with ${support.detector}/${support.rule}` : ""}: ${words}`.slice(
          0,
          160,
        ),
      score: Math.round(s * 1000) / 1000,
    },
  ];
}

/**
 * The rules' evidence that, with the classifier's evidence score, makes a flag: a `low` finding
 * of CORROBORATING, on texts long enough to flag at all.
 */
export function supportFor(read: readonly Reading[], evidence: readonly Finding[]): Finding | undefined {
  if (wordCount(read) < MIN_WORDS_TO_FLAG) return undefined;
  return evidence.find((f) => f.severity === "low" && CORROBORATING.has(`${f.detector}/${f.rule}`));
}

/**
 * The rules' evidence that corroborates the classifier's: another tool named, private data moved
 * with no place named, a secret named by place or kind, a secret path read, the model addressed,
 * instructions said to come from a result or a remote place. Each is carried by at most 1% of the
 * benign tools. Tried and left out (issue 47): orders to the reader ("you must", "always") and
 * scopes over other operations, common in honest documentation (2.8% and 1.6% of the benign
 * tools), and, rarer, a scope with an argument, a claim on every task of a kind, and private data
 * named in a parameter's description: each flagged real tools of the catalog (Okta's log
 * readers, a delivery-cost tool, a CMS's context loader).
 */
const CORROBORATING: ReadonlySet<string> = new Set([
  "cross_tool/names_other_tool",
  "exfiltration/moves_private_data",
  "exfiltration/reads_secret_path",
  "hidden_instructions/addresses_model",
  "hidden_instructions/defers_to_elsewhere",
]);
