import OpenAI from "openai";
import { batches, normalize, type EmbeddingProvider } from "./provider.js";

export type OpenAIProviderOptions = {
  baseURL?: string | undefined;
  apiKey?: string | undefined;
  model: string;
  /** Requested output size (models that support shortening); the model's own size otherwise. */
  dimensions?: number | undefined;
  batchSize: number;
  timeoutMs: number;
};

/**
 * Any OpenAI-compatible embeddings endpoint (OpenAI, Azure, vLLM, TEI, Ollama). The dimension
 * is learned from a first call, so a misconfigured endpoint fails at start, not mid-index.
 */
export class OpenAIEmbeddingProvider implements EmbeddingProvider {
  readonly model: string;

  private constructor(
    private readonly client: OpenAI,
    private readonly options: OpenAIProviderOptions,
    readonly dimensions: number,
  ) {
    this.model = `openai/${options.model}@${dimensions}`;
  }

  static async connect(options: OpenAIProviderOptions): Promise<OpenAIEmbeddingProvider> {
    const client = new OpenAI({
      baseURL: options.baseURL,
      // Local servers (vLLM, TEI, Ollama) take any key; the SDK insists on one.
      apiKey: options.apiKey ?? "unused",
      timeout: options.timeoutMs,
      maxRetries: 3,
    });
    const [probe] = await request(client, options, ["dimension probe"]);
    return new OpenAIEmbeddingProvider(client, options, probe!.length);
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (const batch of batches(texts, this.options.batchSize)) {
      const vectors = await request(this.client, this.options, batch);
      for (const v of vectors) {
        if (v.length !== this.dimensions)
          throw new Error(`embedding endpoint returned ${v.length} dimensions, expected ${this.dimensions}`);
      }
      out.push(...vectors);
    }
    return out;
  }
}

async function request(
  client: OpenAI,
  options: OpenAIProviderOptions,
  input: string[],
): Promise<Float32Array[]> {
  const response = await client.embeddings.create({
    model: options.model,
    input: input.map((t) => (t.trim() === "" ? "-" : t)),
    encoding_format: "float",
    ...(options.dimensions ? { dimensions: options.dimensions } : {}),
  });
  if (response.data.length !== input.length)
    throw new Error(`embedding endpoint returned ${response.data.length} vectors for ${input.length} texts`);
  return [...response.data].sort((a, b) => a.index - b.index).map((d) => normalize(d.embedding));
}
