import { createHash } from "node:crypto";
import { CATEGORIES, type CategoryId } from "@catalog/contracts";
import type { EmbeddingProvider } from "@catalog/embeddings";
import { assignCategories } from "./assign.js";
import { KEYWORDS, type AssignableCategory } from "./keywords.js";
import { embeddingText, type CategoryInput } from "./text.js";

/** What each category's vector is made of: its title and one-line description. */
export function prototypeText(id: AssignableCategory): string {
  const category = CATEGORIES.find((c) => c.id === id)!;
  return `${category.title}: ${category.description}`;
}

/**
 * Texts that say nothing in particular, as many listings do. A category's baseline is their mean
 * similarity to it: some descriptions ("developer tools") are close to every text, and only the
 * similarity above the baseline says that a server is about the category.
 */
const NEUTRAL_TEXTS = [
  "A tool that provides useful functions and access to a service.",
  "Hello world example that greets people by name.",
  "A simple demo for testing purposes.",
  "Connects your assistant to our platform through an API.",
  "Work in progress.",
  "Provides tools for AI assistants.",
  "Get information and perform actions.",
  "An integration with a popular online service.",
];

const IDS = Object.keys(KEYWORDS) as AssignableCategory[];

/** Changes whenever the rules, the category texts or the neutral texts change. */
function rulesHash(): string {
  return createHash("sha256")
    .update(JSON.stringify({ KEYWORDS, prototypes: IDS.map(prototypeText), NEUTRAL_TEXTS }))
    .digest("hex");
}

const dot = (a: Float32Array, b: Float32Array): number => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};

/**
 * Assigns categories by embedding similarity to the category descriptions, with the keyword
 * rules as a floor; keywords alone without a model. `basis` names everything the answer depends
 * on (the model, the rules and the text), so a caller can skip servers whose basis is unchanged.
 */
export class CategoryClassifier {
  private constructor(
    private readonly provider: EmbeddingProvider | undefined,
    private readonly prototypes: Map<AssignableCategory, { vector: Float32Array; baseline: number }>,
    private readonly rulesHash: string,
  ) {}

  /** Keyword rules alone (EMBEDDING_PROVIDER=none). */
  static keywords(): CategoryClassifier {
    return new CategoryClassifier(undefined, new Map(), rulesHash());
  }

  static async create(provider: EmbeddingProvider | undefined): Promise<CategoryClassifier> {
    if (!provider) return CategoryClassifier.keywords();
    const prototypes = new Map<AssignableCategory, { vector: Float32Array; baseline: number }>();
    const vectors = await provider.embed(IDS.map(prototypeText));
    const neutral = await provider.embed(NEUTRAL_TEXTS);
    vectors.forEach((vector, i) => {
      const baseline = neutral.reduce((sum, n) => sum + dot(vector, n), 0) / neutral.length;
      prototypes.set(IDS[i]!, { vector, baseline });
    });
    return new CategoryClassifier(provider, prototypes, rulesHash());
  }

  /** Whether an embedding model is involved (else keyword rules alone, cheap enough to run anywhere). */
  get usesModel(): boolean {
    return this.provider !== undefined;
  }

  get model(): string {
    return this.provider?.model ?? "keywords";
  }

  basis(input: CategoryInput): string {
    return createHash("sha256")
      .update(`${this.model}\u0000${this.rulesHash}\u0000${embeddingText(input)}`)
      .digest("hex");
  }

  async classify(input: CategoryInput): Promise<CategoryId[]> {
    if (!this.provider) return assignCategories(input, null);
    const [vector] = await this.provider.embed([embeddingText(input)]);
    const similarities = new Map(
      [...this.prototypes].map(([id, p]) => [id, dot(vector!, p.vector) - p.baseline] as const),
    );
    return assignCategories(input, similarities);
  }
}
