import { BatchingProvider } from "./batching.provider.js";
import { ThreadedLocalEmbeddingProvider } from "./local-threads.provider.js";
import { LocalEmbeddingProvider } from "./local.provider.js";

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe("local embedding provider on worker threads", () => {
  let threaded: ThreadedLocalEmbeddingProvider;
  let local: LocalEmbeddingProvider;

  beforeAll(async () => {
    [threaded, local] = await Promise.all([
      ThreadedLocalEmbeddingProvider.start(2, 4),
      LocalEmbeddingProvider.load(4),
    ]);
  }, 120_000);

  afterAll(() => threaded.close());

  it("gives the main thread's vectors, in input order, across threads", async () => {
    const texts = Array.from({ length: 10 }, (_, i) => `tool number ${i} sends a message`);
    texts[3] = "";
    const [mine, theirs] = await Promise.all([threaded.embed(texts), local.embed(texts)]);
    expect(mine).toHaveLength(10);
    mine.forEach((v, i) => expect(dot(v, theirs[i]!)).toBeCloseTo(1, 4));
  });

  it("lets the batching provider hand it one batch per thread", async () => {
    expect(threaded.parallelism).toBe(2);
    const batching = new BatchingProvider(threaded, 4);
    const vectors = await Promise.all([batching.embed(["a", "b", "c"]), batching.embed(["d", "e", "f"])]);
    expect(vectors.flat()).toHaveLength(6);
  });
});
