/**
 * What the order of waiting texts costs the local model: the same real tool texts (the shared
 * data's toolsdk list), embedded in batches of `EMBEDDING_BATCH_SIZE` as they arrive and through
 * the BatchingProvider, which puts each window of waiting texts in order of length. USE-lite pads
 * a batch to its longest text, so the second should be cheaper; the ratio is what this reports.
 *
 * Usage: pnpm --filter @catalog/bench run embedding-order [texts] [batch]
 */
import { readFileSync } from "node:fs";
import { BatchingProvider, LocalEmbeddingProvider } from "@catalog/embeddings";
import { sharedData } from "@catalog/testing";
import { round } from "./support.js";

const count = Number(process.argv[2] ?? 600);
const batch = Number(process.argv[3] ?? 8);
type Toolsdk = { packages: { tools?: { name: string; description?: string }[] }[] };
const data = JSON.parse(readFileSync(sharedData("toolsdk-packages-with-tools.json"), "utf8")) as Toolsdk;
const texts = data.packages
  .flatMap((p) => p.tools ?? [])
  .filter((t) => t.description)
  .map((t) => `${t.name}: ${t.description}`)
  .slice(0, count);

const model = await LocalEmbeddingProvider.load(batch);
/** Milliseconds a text, embedding `texts` through `embed`. */
async function msPerText(embed: (texts: string[]) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await embed(texts);
  return (performance.now() - started) / texts.length;
}
const arrival = await msPerText((t) => model.embed(t));
const sorted = await msPerText((t) => new BatchingProvider(model, batch).embed(t));
console.log(
  JSON.stringify({
    texts: texts.length,
    batch,
    arrival_ms_per_text: round(arrival, 1),
    by_length_ms_per_text: round(sorted, 1),
    ratio: round(sorted / arrival, 2),
  }),
);
