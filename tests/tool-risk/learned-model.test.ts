import { readFileSync } from "node:fs";
import { learnedScore, MODEL, readings, textsOf, toolFeatures, vectorize } from "@catalog/tool-risk";
import { classifierVerdicts } from "./evaluate.js";
import {
  examplesOf,
  modelSource,
  sizesOf,
  scoreWith,
  toModel,
  trainingData,
  trainWithThreshold,
  type TrainingData,
} from "./learned.js";

/**
 * The shipped model of the learned second opinion is what bench/tool-risk-train.ts makes of the
 * first labelled set, the extra training set and the shared data's benign tools: retrained here
 * (a few seconds), it must match packages/tool-risk/src/learned/model.ts byte for byte. When the
 * sets or the features change, re-run `pnpm --filter @catalog/bench run tool-risk:train`.
 */
let data: TrainingData;
beforeAll(() => {
  data = trainingData();
}, 120_000);

test("the shipped model is the training script's output on the first set and the extra set", () => {
  const model = toModel(trainWithThreshold(examplesOf(data)));
  const shipped = readFileSync(
    new URL("../../packages/tool-risk/src/learned/model.ts", import.meta.url),
    "utf8",
  );
  expect(shipped).toBe(modelSource(model, sizesOf(data)));
}, 120_000);

test("the package scores a tool as the trainer does", () => {
  const bytes = Int8Array.from(atob(MODEL.weights), (c) => (c.charCodeAt(0) << 24) >> 24);
  const quantized = { bytes, scale: MODEL.scale, bias: MODEL.bias };
  for (const { item } of [...data.poisoned.slice(0, 20), ...data.benign.slice(0, 20)]) {
    const runtime = learnedScore(readings(textsOf(item.tool))).score;
    expect(runtime).toBeCloseTo(scoreWith(quantized, vectorize(toolFeatures(item.tool))), 6);
  }
});

test("in-sample, the shipped threshold flags at most 0.25% of the benign tools", () => {
  const benign = classifierVerdicts(data.benign.map(({ item }) => item));
  // With the rules' at most 0.5% (labelled-set.test.ts), both together stay within 0.75%.
  expect(benign.filter((v) => v.flagged).length / benign.length).toBeLessThanOrEqual(0.0025);
}, 180_000);
