import { BatchingProvider } from "./batching.provider.js";
import type { EmbeddingProvider } from "./provider.js";

/** A model that records the batches it was given and embeds each text as its length. */
function recordingModel(): EmbeddingProvider & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    model: "recording",
    dimensions: 1,
    calls,
    embed: async (texts) => {
      calls.push([...texts]);
      return texts.map((t) => Float32Array.of(t.length));
    },
  };
}

describe("BatchingProvider", () => {
  it("coalesces concurrent calls into batches of at most the size, in order", async () => {
    const model = recordingModel();
    const provider = new BatchingProvider(model, 3);
    const [a, b] = await Promise.all([provider.embed(["a", "bb"]), provider.embed(["ccc", "dddd", "eeeee"])]);
    expect(model.calls).toEqual([
      ["a", "bb", "ccc"],
      ["dddd", "eeeee"],
    ]);
    expect([...a, ...b].map((v) => v[0])).toEqual([1, 2, 3, 4, 5]);
  });

  it("tells the observer of every batch, with its size", async () => {
    const seen: { model: string; texts: number }[] = [];
    const provider = new BatchingProvider(recordingModel(), 2, ({ model, texts, seconds }) => {
      expect(seconds).toBeGreaterThanOrEqual(0);
      seen.push({ model, texts });
    });
    await provider.embed(["a", "b", "c"]);
    expect(seen).toEqual([
      { model: "recording", texts: 2 },
      { model: "recording", texts: 1 },
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
