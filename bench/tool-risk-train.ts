/**
 * Trains the learned second opinion of packages/tool-risk on the first labelled set's poisoned
 * tools and the extra training set's (tests/tool-risk/labelled/training-extra.ts) against the
 * shared data's benign tools, chooses its threshold out of fold (benign
 * tools split by server; at most 0.25% of them flagged), and writes
 * packages/tool-risk/src/learned/model.ts. Seeded: the same data gives the same file.
 *
 *   pnpm --filter @catalog/bench run tool-risk:train
 */
import { writeFileSync } from "node:fs";
import {
  examplesOf,
  modelSource,
  sizesOf,
  toModel,
  trainingData,
  trainWithThreshold,
} from "../tests/tool-risk/learned.js";

const started = performance.now();
const data = trainingData();
const trained = trainWithThreshold(examplesOf(data));
const model = toModel(trained);
const path = new URL("../packages/tool-risk/src/learned/model.ts", import.meta.url);
writeFileSync(path, modelSource(model, sizesOf(data)));
console.log(
  `${data.poisoned.length} poisoned (${sizesOf(data).first} first set, ${sizesOf(data).extra} extra), ${data.benign.length} benign; threshold ${model.threshold}, evidence ${model.evidence}, bias ${model.bias}, ` +
    `scale ${model.scale}; ${(performance.now() - started).toFixed(0)} ms; wrote ${path.pathname}`,
);
