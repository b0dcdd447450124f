import { readFileSync } from "node:fs";
import { TrainedEncoder, type EncoderModel } from "@catalog/lexical";

/**
 * The encoder the search service ships (docs/search.md, "A model trained here"): trained on the
 * tool lists of ../shared/data by `pnpm --filter @catalog/search run encoder`
 * (services/search/scripts/train-encoder.ts), read once at start.
 */
export const ENCODER_FILE = new URL("../../data/encoder.json", import.meta.url);

/** What the shipped file says of itself. */
export const ENCODER_ABOUT =
  "An encoder trained by services/search/scripts/train-encoder.ts on the tool lists of ../shared/data: " +
  "per source (sources with the same tool list once), a server's description with each tool's name and description, " +
  "and each tool's description with its name; stemmed words, IDF-weighted, 64 dimensions, InfoNCE with in-batch " +
  "negatives, 5 epochs, seed 46; vectors as 8-bit integers times a scale per feature.";

/** The file: the model's settings, then one feature a line: [feature, idf, scale, int8 vector as base64]. */
type StoredEncoder = {
  about: string;
  dimensions: number;
  bigrams: boolean;
  trigramWeight: number;
  maxTerms: number;
  features: [feature: string, idf: number, scale: number, codes: string][];
};

/**
 * The model as the file holds it: each feature's vector as 8-bit integers times a scale (its
 * largest magnitude over 127), IDF to 4 decimals; a quarter of float32's bytes. Reading it back
 * gives the model `quantize` gives, so what is measured is what ships.
 */
export function serializeEncoder(model: EncoderModel, about: string): string {
  const d = model.dimensions;
  const lines = model.features.map((feature, i) => {
    const row = model.vectors.subarray(i * d, (i + 1) * d);
    const { scale, codes } = quantizeRow(row);
    const idf = Math.round(model.idf[i]! * 10_000) / 10_000;
    const bytes = Buffer.from(codes.buffer, codes.byteOffset, codes.byteLength).toString("base64");
    return `    ${JSON.stringify([feature, idf, scale, bytes])}`;
  });
  const head = {
    about,
    dimensions: d,
    bigrams: model.bigrams,
    trigramWeight: model.trigramWeight,
    maxTerms: model.maxTerms,
  };
  const fields = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  return `{\n${fields.join(",\n")},\n  "features": [\n${lines.join(",\n")}\n  ]\n}\n`;
}

export function parseEncoder(text: string): EncoderModel {
  const stored = JSON.parse(text) as StoredEncoder;
  const d = stored.dimensions;
  const vectors = new Float32Array(stored.features.length * d);
  stored.features.forEach(([, , scale, codes], i) => {
    const bytes = Buffer.from(codes, "base64");
    const ints = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let k = 0; k < d; k++) vectors[i * d + k] = ints[k]! * scale;
  });
  return {
    dimensions: d,
    bigrams: stored.bigrams,
    trigramWeight: stored.trigramWeight,
    maxTerms: stored.maxTerms,
    features: stored.features.map(([f]) => f),
    idf: Float32Array.from(stored.features, ([, idf]) => idf),
    vectors,
  };
}

/** The model as the shipped file gives it back. */
export function quantize(model: EncoderModel): EncoderModel {
  return parseEncoder(serializeEncoder(model, ""));
}

export function loadEncoder(file: URL = ENCODER_FILE): TrainedEncoder {
  return new TrainedEncoder(parseEncoder(readFileSync(file, "utf8")));
}

function quantizeRow(row: Float32Array): { scale: number; codes: Int8Array } {
  let max = 0;
  for (const x of row) max = Math.max(max, Math.abs(x));
  // Six significant digits: the scale is written as it is read.
  const scale = max > 0 ? Number((max / 127).toPrecision(6)) : 1;
  const codes = Int8Array.from(row, (x) => Math.max(-127, Math.min(127, Math.round(x / scale))));
  return { scale, codes };
}
