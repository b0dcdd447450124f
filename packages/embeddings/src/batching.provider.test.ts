import { BatchingProvider } from "./batching.provider.js";
import type { EmbeddingProvider } from "./provider.js";

/** A provider that records the batches it is given and answers each text with its length. */
function recorder(parallelism?: number): EmbeddingProvider & { batches: string[][]; mostAtOnce: number } {
  let running = 0;
  const self = {
    model: "fake",
    dimensions: 1,
    parallelism,
    batches: [] as string[][],
    mostAtOnce: 0,
    async embed(texts: string[]) {
      self.batches.push([...texts]);
      self.mostAtOnce = Math.max(self.mostAtOnce, ++running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return texts.map((t) => Float32Array.of(t.length));
    },
  };
  return self;
}

describe("batching provider", () => {
  it("coalesces concurrent calls into batches, one at a time per model thread, and keeps each call's order", async () => {
    const inner = recorder(2);
    const provider = new BatchingProvider(inner, 2);
    const [a, b] = await Promise.all([provider.embed(["a", "bb", "ccc"]), provider.embed(["dddd", "eeeee"])]);
    expect(a.map((v) => v[0])).toEqual([1, 2, 3]);
    expect(b.map((v) => v[0])).toEqual([4, 5]);
    expect(inner.batches).toEqual([["a", "bb"], ["ccc", "dddd"], ["eeeee"]]);
    expect(inner.mostAtOnce).toBe(2);
  });

  it("shares what waits between the model threads instead of giving one thread all of it", async () => {
    const inner = recorder(2);
    const provider = new BatchingProvider(inner, 64);
    const queries = Array.from({ length: 16 }, (_, i) => provider.embed([`q${i}`], { urgent: true }));
    await Promise.all(queries);
    expect(inner.batches.map((b) => b.length)).toEqual([8, 8]);
    expect(inner.mostAtOnce).toBe(2);
  });

  it("hands a text that arrives while one thread embeds to the idle one at once", async () => {
    const inner = recorder(2);
    const provider = new BatchingProvider(inner, 8);
    const first = provider.embed(["a"], { urgent: true });
    await new Promise((r) => setImmediate(r)); // "a" is being embedded
    const second = provider.embed(["b"], { urgent: true });
    await Promise.all([first, second]);
    expect(inner.batches).toEqual([["a"], ["b"]]);
    expect(inner.mostAtOnce).toBe(2);
  });

  it("embeds urgent texts before the texts already waiting", async () => {
    const inner = recorder();
    const provider = new BatchingProvider(inner, 2);
    const index = provider.embed(["i1", "i2", "i3", "i4", "i5", "i6"]);
    await new Promise((r) => setImmediate(r)); // the first batch is being embedded
    const query = provider.embed(["q"], { urgent: true });
    await Promise.all([index, query]);
    expect(inner.batches).toEqual([["i1", "i2"], ["q", "i3"], ["i4", "i5"], ["i6"]]);
  });

  it("embeds a window of waiting texts in order of length, each vector still its caller's", async () => {
    const inner = recorder();
    const provider = new BatchingProvider(inner, 2);
    const vectors = await provider.embed(["cccc", "a", "bbb", "dd"]);
    expect(vectors.map((v) => v[0])).toEqual([4, 1, 3, 2]);
    expect(inner.batches).toEqual([
      ["a", "dd"],
      ["bbb", "cccc"],
    ]);
  });

  it("sorts within a window of 64 batches only: a text waits for no later one", async () => {
    const inner = recorder();
    const provider = new BatchingProvider(inner, 1);
    const first = Array.from({ length: 64 }, (_, i) => `b${i}`.padEnd(3, "-"));
    await provider.embed([...first, "a"]);
    expect(inner.batches.flat()).toEqual([...first, "a"]);
  });

  it("drops waiting texts whose signal was aborted, and embeds the rest", async () => {
    const inner = recorder();
    const provider = new BatchingProvider(inner, 2);
    const index = provider.embed(["i1", "i2"]);
    await new Promise((r) => setImmediate(r)); // the first batch is being embedded
    const gone = new AbortController();
    const abandoned = provider.embed(["late"], { urgent: true, signal: gone.signal });
    const wanted = provider.embed(["q"], { urgent: true, signal: new AbortController().signal });
    gone.abort();
    await expect(abandoned).rejects.toThrow("no longer wanted");
    expect((await wanted).map((v) => v[0])).toEqual([1]);
    await index;
    expect(inner.batches).toEqual([["i1", "i2"], ["q"]]);
  });

  it("tells the observer of every batch, with its size", async () => {
    const seen: { model: string; texts: number }[] = [];
    const provider = new BatchingProvider(recorder(), 2, ({ model, texts, seconds }) => {
      expect(seconds).toBeGreaterThanOrEqual(0);
      seen.push({ model, texts });
    });
    await provider.embed(["a", "b", "c"]);
    expect(seen).toEqual([
      { model: "fake", texts: 2 },
      { model: "fake", texts: 1 },
    ]);
  });

  it("rejects every caller of a failed batch", async () => {
    const provider = new BatchingProvider(
      { model: "broken", dimensions: 1, embed: () => Promise.reject(new Error("model down")) },
      8,
    );
    await expect(provider.embed(["a"])).rejects.toThrow("model down");
  });
});
