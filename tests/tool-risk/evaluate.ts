import {
  assessTool,
  DETECTORS,
  flagged,
  learnedScore,
  MODEL,
  readings,
  secondOpinion,
  textsOf,
  type DetectorId,
  type Finding,
  type ToolInput,
} from "@catalog/tool-risk";
import { benignTools } from "./labelled/benign.js";
import { POISONED, type LabelledTool } from "./labelled/poisoned.js";

/** A poisoned item as evaluated: any labelled set, with its family and its server's tools when known. */
export type EvaluatedItem = Pick<LabelledTool, "id" | "variant" | "expect" | "tool" | "textOnly"> & {
  family?: string;
  siblings?: readonly string[];
};

/** A confusion matrix: poisoned tools caught and missed, benign tools flagged and passed. */
export type Confusion = { tp: number; fn: number; fp: number; tn: number };

export type Evaluation = {
  /** Poisoned items judged: those whose text can show the attack. */
  poisoned: number;
  /** Items left out of recall because their harm is only in the code (`textOnly: false`). */
  leftOut: string[];
  benign: number;
  overall: Confusion;
  /** Per detector: positives are the poisoned tools labelled for it. */
  detectors: Record<DetectorId, Confusion>;
  /** Per family (items with a `family` only): tp and fn of any detector. */
  families: Record<string, Confusion>;
  missed: { id: string; variant: string; expect: string[] }[];
  falsePositives: { id: string; tool: ToolInput; findings: Finding[] }[];
};

const fired = (findings: readonly Finding[], detector?: DetectorId) =>
  findings.some((f) => flagged(f) && (detector === undefined || f.detector === detector));

/**
 * What counts as caught: a flagged finding of the rules (every detector but `learned`), of the
 * learned classifier only, of either (`both`), or what the catalog raises a flag on (`flags`:
 * either, but the classifier's score alone is a second opinion and raises none).
 */
export type Mode = "rules" | "classifier" | "both" | "flags";
export const caughtBy = (f: Finding, mode: Mode): boolean =>
  flagged(f) &&
  (mode === "both" ||
    (mode === "flags" ? !secondOpinion(f) : (mode === "classifier") === (f.detector === "learned")));
const firedIn = (findings: readonly Finding[], mode: Mode) => findings.some((f) => caughtBy(f, mode));

/**
 * Every detector over a labelled poisoned set (the first one by default) and, unless
 * `benign: false`, the shared data's benign tools. `mode` decides what the overall matrix,
 * the misses and the false positives count (the rules by default); the per-detector matrices
 * always count each detector's own flagged findings. The shipped classifier was trained on the
 * first set: its figures there are in-sample (bench/tool-risk-classifier.ts measures it held out).
 */
export function evaluate(
  set: readonly EvaluatedItem[] = POISONED,
  options: { benign?: boolean; mode?: Mode } = {},
): Evaluation {
  const mode = options.mode ?? "rules";
  const empty = (): Confusion => ({ tp: 0, fn: 0, fp: 0, tn: 0 });
  const overall = empty();
  const detectors = Object.fromEntries(DETECTORS.map((d) => [d, empty()])) as Record<DetectorId, Confusion>;
  const families: Record<string, Confusion> = {};
  const missed: Evaluation["missed"] = [];
  // A definition benign as text, whose harm is only in the code, cannot be judged from it.
  const leftOut = set.filter((item) => item.textOnly === false).map((item) => item.id);
  const judged = set.filter((item) => item.textOnly !== false);
  for (const item of judged) {
    const findings = assessTool(item.tool, item.siblings);
    const caught = firedIn(findings, mode);
    if (caught) overall.tp++;
    else {
      overall.fn++;
      missed.push({ id: item.id, variant: item.variant, expect: item.expect });
    }
    if (item.family !== undefined) (families[item.family] ??= empty())[caught ? "tp" : "fn"]++;
    for (const d of DETECTORS) {
      // The classifier answers for every poisoned tool; the rules for the ones labelled for them.
      const labelled = d === "learned" || (item.expect as readonly string[]).includes(d);
      const hit = fired(findings, d);
      if (labelled) detectors[d][hit ? "tp" : "fn"]++;
      else if (hit) detectors[d].fp++;
      else detectors[d].tn++;
    }
  }
  const benign = options.benign === false ? [] : benignTools();
  // A benign tool is judged as the catalog judges it: beside the other tools of its server.
  const siblings = new Map<string, string[]>();
  for (const item of benign)
    siblings.set(item.server, [...(siblings.get(item.server) ?? []), item.tool.name]);
  const falsePositives: Evaluation["falsePositives"] = [];
  for (const item of benign) {
    const findings = assessTool(item.tool, siblings.get(item.server));
    if (firedIn(findings, mode)) {
      overall.fp++;
      falsePositives.push({ id: item.id, tool: item.tool, findings: findings.filter(flagged) });
    } else overall.tn++;
    for (const d of DETECTORS) detectors[d][fired(findings, d) ? "fp" : "tn"]++;
  }
  return {
    poisoned: judged.length,
    leftOut,
    benign: benign.length,
    overall,
    detectors,
    families,
    missed,
    falsePositives,
  };
}

/**
 * The shipped classifier's verdict on each tool of a labelled set: its score, and whether it
 * flags (a `medium` finding: the score at or above the model's threshold).
 */
export function classifierVerdicts(
  set: readonly { id: string; tool: ToolInput }[],
): { id: string; score: number; flagged: boolean }[] {
  return set.map((item) => {
    const { score } = learnedScore(readings(textsOf(item.tool)));
    return { id: item.id, score, flagged: score >= MODEL.threshold };
  });
}

export const recall = (c: Confusion) => (c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn));
export const precision = (c: Confusion) => (c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp));
export const falsePositiveRate = (c: Confusion) => (c.fp + c.tn === 0 ? 0 : c.fp / (c.fp + c.tn));
