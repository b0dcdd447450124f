import { createHash } from "node:crypto";
import type { SearchRepository } from "@catalog/db";
import { normalize, type EmbeddingProvider } from "../packages/embeddings/dist/index.js";
import { buildDocuments, embedText } from "../services/search/src/indexing/documents.js";

/** How far a generated text's vector moves from its source's: cosine about 0.94 to it. */
const SPREAD = 0.35;

/**
 * Stand-in document vectors for loading a catalog too large to embed in the time at hand. The
 * generated catalog (generate-catalog.ts) copies real texts and tags each drawn tool's
 * description with its new server's label; the stand-in embeds each source text once with the
 * real model and gives every generated text that vector moved by a pseudo-random step seeded by
 * its hash. The vectors therefore keep the real model's geometry (similar tools near each other,
 * near-duplicates close), which a graph index's search cost depends on: uniform random vectors,
 * the earlier stand-in, are a worst case no sentence model produces.
 */
export class StandInProvider implements EmbeddingProvider {
  readonly model: string;
  readonly dimensions: number;
  private readonly sources = new Map<string, Promise<Float32Array>>();

  constructor(private readonly real: EmbeddingProvider) {
    this.model = real.model;
    this.dimensions = real.dimensions;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const missing = [...new Set(texts.map(sourceOf))].filter((s) => !this.sources.has(s));
    const embedded = missing.length > 0 ? this.real.embed(missing) : Promise.resolve([]);
    missing.forEach((s, i) =>
      this.sources.set(
        s,
        embedded.then((v) => v[i]!),
      ),
    );
    return Promise.all(texts.map(async (t) => this.moved(await this.sources.get(sourceOf(t))!, t)));
  }

  close(): Promise<void> {
    return this.real.close?.() ?? Promise.resolve();
  }

  private moved(source: Float32Array, text: string): Float32Array {
    const step = normalize(pseudoRandom(text, source.length));
    return normalize(source.map((x, i) => x + step[i]! * SPREAD));
  }
}

/**
 * The real text a generated one was made from: without the ` (label)` tag a drawn tool got, and
 * without the ` gN` a copied server's name adds to its title (generate-catalog.ts), so the model
 * embeds each real text once however many copies the catalog holds.
 */
function sourceOf(text: string): string {
  return text.replace(/ \([^()]*\)(?=\. Parameters: |$)/, "").replace(/ g\d+(?=\.|$)/, "");
}

/**
 * Gives every text still without a vector of the stand-in's model its stand-in vector, server by
 * server in name order (a cut run, started again, resumes); returns how many texts it filled.
 */
export async function fillWithStandIns(repo: SearchRepository, standIn: StandInProvider): Promise<number> {
  const model = standIn.model;
  let filled = 0;
  for (let after = ""; ;) {
    const owed = await repo.unembeddedServers(model, after, 200);
    if (owed.length === 0) return filled;
    const wanted = new Set(owed.flatMap((o) => o.embedHashes));
    const docs = new Map(
      (await repo.loadServers(owed.map((o) => o.name)))
        .flatMap((s) => buildDocuments(s))
        .filter((d) => wanted.has(d.embedHash))
        .map((d) => [d.embedHash, d]),
    );
    const vectors = await standIn.embed([...docs.values()].map(embedText));
    await repo.saveEmbeddings(
      model,
      [...docs.keys()].map((hash, i) => ({ hash, vector: vectors[i]! })),
    );
    filled += docs.size;
    after = owed.at(-1)!.name;
  }
}

/** A vector of pseudo-random components in [-0.5, 0.5), seeded by the text's hash (xorshift32). */
function pseudoRandom(text: string, dimensions: number): Float32Array {
  let state = createHash("sha256").update(text).digest().readUInt32LE(0) || 1;
  const v = new Float32Array(dimensions);
  for (let i = 0; i < v.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    v[i] = (state >>> 0) / 2 ** 32 - 0.5;
  }
  return v;
}
