import { DEFAULT_ENCODER, textFeatures, TrainedEncoder, trainEncoder } from "./encoder.js";
import type { TextPair } from "./associations.js";

/**
 * Three kinds of server, each said in two vocabularies: what users say, and what the tools say.
 * Each text also has a word of its own (seen once: no feature), so that no two texts are alike.
 */
const pairs: TextPair[] = Array.from({ length: 12 }, (_, i): TextPair[] => [
  [`Stock market data and share prices l${i}s`, `get_quote latest ticker symbol quote r${i}s`],
  [`Weather service for travellers l${i}w`, `forecast temperature and rain for a city r${i}w`],
  [`Team chat messaging l${i}c`, `post_message send a message to a channel r${i}c`],
]).flat();

const options = {
  ...DEFAULT_ENCODER,
  dimensions: 16,
  epochs: 30,
  batch: 12,
  learningRate: 0.05,
  minCount: 2,
};

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

test("features are the stemmed words without stop words, and word pairs and trigrams when asked", () => {
  const plain = textFeatures("Sending the messages", { bigrams: false, trigramWeight: 0, maxTerms: 64 });
  expect([...plain.keys()]).toEqual(["send", "messag"]);
  const more = textFeatures("Sending the messages", { bigrams: true, trigramWeight: 0.5, maxTerms: 64 });
  expect(more.get("send messag")).toBe(1);
  expect(more.get("#<se")).toBe(0.5);
  expect(textFeatures("a b c d e", { bigrams: false, trigramWeight: 0, maxTerms: 2 }).size).toBe(2);
});

test("trained, the two vocabularies of one kind meet and the kinds part", () => {
  const encoder = new TrainedEncoder(trainEncoder(pairs, options));
  const stock = encoder.embed("share prices");
  const quote = encoder.embed("ticker quote");
  const rain = encoder.embed("rain forecast");
  expect(cosine(stock, quote)).toBeGreaterThan(0.5);
  expect(cosine(stock, quote)).toBeGreaterThan(cosine(stock, rain) + 0.3);
  expect(cosine(encoder.embed("travellers"), encoder.embed("temperature"))).toBeGreaterThan(
    cosine(encoder.embed("travellers"), encoder.embed("channel")),
  );
});

test("the same pairs and options give the same model, bit for bit; another seed another", () => {
  const a = trainEncoder(pairs, options);
  const b = trainEncoder(pairs, options);
  expect(a.features).toEqual(b.features);
  expect(Buffer.from(a.vectors.buffer).equals(Buffer.from(b.vectors.buffer))).toBe(true);
  const c = trainEncoder(pairs, { ...options, seed: 7 });
  expect(Buffer.from(a.vectors.buffer).equals(Buffer.from(c.vectors.buffer))).toBe(false);
});

test("a text without a known feature has the zero vector; vectors are unit length otherwise", () => {
  const encoder = new TrainedEncoder(trainEncoder(pairs, options));
  expect([...encoder.embed("zzz qqq")].every((x) => x === 0)).toBe(true);
  expect(cosine(encoder.embed("weather"), encoder.embed("weather"))).toBeCloseTo(1, 5);
});
