/**
 * Regenerates services/search/data/encoder.json: the encoder trained here (packages/lexical/src/encoder.ts)
 * on every tool list of ../shared/data (toolsdk, LiveMCPBench, Docker's catalog, ToolHive), never on the
 * labelled search sets. Deterministic: the same data gives the same file, which
 * tests/search/encoder-file.test.ts holds to.
 *
 * Usage: pnpm --filter @catalog/search run encoder   (after a build)
 */
import { writeFileSync } from "node:fs";
import { catalogPairs, DEFAULT_ENCODER, trainEncoder } from "@catalog/lexical";
import { sharedToolServers } from "@catalog/testing";
import { ENCODER_FILE, ENCODER_ABOUT, serializeEncoder } from "../src/query/encoder-file.ts";

const started = performance.now();
const model = trainEncoder([...catalogPairs(sharedToolServers())].flat(), DEFAULT_ENCODER, (epoch, loss) =>
  process.stdout.write(`epoch ${epoch + 1}: loss ${loss.toFixed(4)}\n`),
);
const text = serializeEncoder(model, ENCODER_ABOUT);
writeFileSync(ENCODER_FILE, text);
process.stdout.write(
  `${model.features.length} features of ${model.dimensions} dimensions, ${(text.length / 1e6).toFixed(2)} MB, ` +
    `trained in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);
