/**
 * Query categorisation into the catalog's fixed taxonomy: a multinomial naive Bayes model
 * trained on the catalog's own servers (their index terms, labelled with the categories the
 * catalog assigned them). A query's terms give a posterior over categories; search lifts the
 * servers of a category the query is confidently about.
 */
export type LabelledTerms = { terms: readonly string[]; categories: readonly string[] };

export type CategoryGuess = { category: string; probability: number };

/** Categories that say nothing of what a server does: never a query's category. */
const UNINFORMATIVE = new Set(["other"]);
/** Additive smoothing of the term counts. */
const ALPHA = 0.1;

export class QueryCategorizer {
  private constructor(
    private readonly categories: string[],
    private readonly prior: Float64Array,
    /** Per term, its log probability in each category. */
    private readonly logLikelihood: Map<string, Float64Array>,
  ) {}

  /** Trains on labelled servers; a server of several categories counts in each. */
  static train(servers: Iterable<LabelledTerms>): QueryCategorizer {
    const index = new Map<string, number>();
    const counts = new Map<string, number[]>();
    const docs: number[] = [];
    const totals: number[] = [];
    for (const server of servers) {
      const categories = server.categories.filter((c) => !UNINFORMATIVE.has(c));
      for (const category of categories) {
        let c = index.get(category);
        if (c === undefined) {
          c = index.size;
          index.set(category, c);
          docs[c] = totals[c] = 0;
        }
        docs[c]!++;
        for (const term of new Set(server.terms)) {
          const row = counts.get(term) ?? [];
          row[c] = (row[c] ?? 0) + 1;
          counts.set(term, row);
          totals[c]!++;
        }
      }
    }
    const k = index.size;
    const vocabulary = counts.size;
    const allDocs = docs.reduce((a, b) => a + b, 0);
    const prior = Float64Array.from({ length: k }, (_, c) => Math.log(docs[c]! / allDocs));
    const logLikelihood = new Map<string, Float64Array>();
    for (const [term, row] of counts)
      logLikelihood.set(
        term,
        Float64Array.from({ length: k }, (_, c) =>
          Math.log(((row[c] ?? 0) + ALPHA) / (totals[c]! + ALPHA * vocabulary)),
        ),
      );
    return new QueryCategorizer([...index.keys()], prior, logLikelihood);
  }

  /** The posterior over categories of a query's terms, likeliest first; empty when no term is known. */
  classify(terms: readonly string[]): CategoryGuess[] {
    const known = [...new Set(terms)].filter((t) => this.logLikelihood.has(t));
    if (known.length === 0 || this.categories.length === 0) return [];
    const score = Float64Array.from(this.prior);
    for (const term of known) {
      const row = this.logLikelihood.get(term)!;
      for (let c = 0; c < score.length; c++) score[c]! += row[c]!;
    }
    const top = Math.max(...score);
    const weights = [...score].map((s) => Math.exp(s - top));
    const sum = weights.reduce((a, b) => a + b, 0);
    return this.categories
      .map((category, c) => ({ category, probability: weights[c]! / sum }))
      .sort((a, b) => b.probability - a.probability);
  }
}
