import { readFileSync } from "node:fs";
import { catalogPairs, DEFAULT_ENCODER, trainEncoder } from "@catalog/lexical";
import { sharedToolServers } from "@catalog/testing";
import {
  ENCODER_ABOUT,
  ENCODER_FILE,
  loadEncoder,
  parseEncoder,
  serializeEncoder,
} from "../../services/search/src/query/encoder-file.js";

const shipped = readFileSync(ENCODER_FILE, "utf8");

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

test("the shipped encoder is what its script trains on the shared data (regenerate: pnpm --filter @catalog/search run encoder)", () => {
  const model = trainEncoder([...catalogPairs(sharedToolServers())].flat(), DEFAULT_ENCODER);
  expect(serializeEncoder(model, ENCODER_ABOUT) === shipped).toBe(true);
}, 180_000);

test("the file reads back as it was written", () => {
  const model = parseEncoder(shipped);
  expect(serializeEncoder(model, ENCODER_ABOUT) === shipped).toBe(true);
});

test("the search service's encoder puts a need near the tools that serve it", () => {
  const encoder = loadEncoder();
  expect(encoder.dimensions).toBe(64);
  const need = encoder.embed("how is my portfolio doing on the stock market");
  const quote = encoder.embed("get_stock_quote. Latest price of a ticker symbol");
  const forecast = encoder.embed("get_forecast. Weather forecast for a city");
  expect(cosine(need, quote)).toBeGreaterThan(cosine(need, forecast) + 0.2);
});
