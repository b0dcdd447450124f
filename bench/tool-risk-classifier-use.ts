/**
 * A comparison figure for the learned second opinion: the same leave-one-family-out
 * measurement (bench/tool-risk-classifier.ts) with a logistic regression over USE-lite vectors
 * (512 dimensions, the local model of packages/embeddings) instead of hashed words. Each tool is
 * embedded as the texts `assessTool` reads, decoded ones included, joined (at most 2,000
 * characters). The vectors are cached under the system's temporary directory.
 *
 *   pnpm --filter @catalog/bench run tool-risk:classifier:use
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalEmbeddingProvider } from "@catalog/embeddings";
import { assessTool, flagged, readings, textsOf, type Sparse, type ToolInput } from "@catalog/tool-risk";
import { leaveOneFamilyOut, trainingData, type TrainingData } from "../tests/tool-risk/learned.js";

const textOf = (tool: ToolInput) =>
  readings(textsOf(tool))
    .map((r) => r.text)
    .join(". ")
    .slice(0, 2_000);

const lexical = trainingData();
const tools = [...lexical.poisoned.map((p) => p.item.tool), ...lexical.benign.map((b) => b.item.tool)];
const texts = tools.map(textOf);
const cachePath = join(tmpdir(), "tool-risk-use-vectors.json");
const cache: Record<string, number[]> = existsSync(cachePath)
  ? JSON.parse(readFileSync(cachePath, "utf8"))
  : {};
const key = (t: string) => createHash("sha1").update(t).digest("hex");
const missing = [...new Set(texts.filter((t) => !cache[key(t)]))];
if (missing.length > 0) {
  const started = performance.now();
  const provider = await LocalEmbeddingProvider.load(64);
  const vectors = await provider.embed(missing);
  missing.forEach((t, i) => (cache[key(t)] = Array.from(vectors[i]!, (v) => Number(v.toFixed(5)))));
  writeFileSync(cachePath, JSON.stringify(cache));
  const ms = performance.now() - started;
  console.log(
    `embedded ${missing.length} texts in ${ms.toFixed(0)} ms (${(ms / missing.length).toFixed(1)} ms each)`,
  );
}
const dense = (text: string): Sparse => {
  const v = cache[key(text)]!;
  return { index: Int32Array.from(v, (_, i) => i), value: Float32Array.from(v) };
};
let i = 0;
const data: TrainingData = {
  poisoned: lexical.poisoned.map((p) => ({ ...p, x: dense(texts[i++]!) })),
  benign: lexical.benign.map((b) => ({ ...b, x: dense(texts[i++]!) })),
};
// 512 dimensions (bits 9); weaker L2 than the hashed words' (best of the few settings tried).
const heldOut = leaveOneFamilyOut(
  data,
  { epochs: Number(process.env.EPOCHS ?? 10), l2: Number(process.env.L2 ?? 1e-4) },
  9,
);
const rules = new Map(
  lexical.poisoned.map((p) => [
    p.item.id,
    assessTool(p.item.tool).some((f) => flagged(f) && f.detector !== "learned"),
  ]),
);
const caught = heldOut.poisoned.filter((p) => p.score >= p.threshold);
const fp = heldOut.benign.filter((b) => b.score >= b.threshold).length;
const both = heldOut.poisoned.filter((p) => rules.get(p.id) || p.score >= p.threshold).length;
const n = heldOut.poisoned.length;
console.log(
  `USE-lite classifier, held-out family: recall ${(caught.length / n).toFixed(3)} (${caught.length}/${n}), ` +
    `benign flagged ${((fp / heldOut.benign.length) * 100).toFixed(2)}% (${fp}); with the rules ${(both / n).toFixed(3)} ` +
    `(${both}/${n}); caught by it only ${caught.filter((p) => !rules.get(p.id)).length}`,
);
const kinds = new Map<string, [number, number]>();
for (const p of heldOut.poisoned) {
  const k = p.variant.split(":")[0]!;
  const t = kinds.get(k) ?? [0, 0];
  kinds.set(k, [t[0] + (p.score >= p.threshold ? 1 : 0), t[1] + 1]);
}
console.log([...kinds].map(([k, [a, b]]) => `${k} ${a}/${b}`).join(", "));
