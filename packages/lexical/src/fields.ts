/**
 * The fields of the lexical index and the BM25F parameters. A server document fills name
 * (its name's segments), title and description; a tool document fills name (the tool's name),
 * title, description and params (parameter names and their descriptions).
 */
export const FIELDS = ["name", "title", "description", "params"] as const;
export type Field = (typeof FIELDS)[number];
export type FieldTexts = Record<Field, string>;

export const KINDS = ["server", "tool"] as const;
export type Kind = (typeof KINDS)[number];

export type Bm25fParams = {
  /** Term frequency saturation: past a few occurrences more add little. */
  k1: number;
  /** Weight of a term occurrence in each field, per kind. */
  weights: Record<Kind, Record<Field, number>>;
  /** Length normalisation per field: 0 none, 1 full. */
  b: Record<Field, number>;
  /** How much a server's best tool adds to the server's own score. */
  toolShare: number;
  /**
   * A tool offered word for word by n servers (forks, aggregators sharing one tool list) counts
   * 1/n^twinPower: it says little about which of them is meant.
   */
  twinPower: number;
};

/**
 * Chosen on the labelled sets (docs/search.md, "Calibration"): names count most, a title
 * nearly as much, parameters little; a tool's match counts almost as much as the server's own
 * description.
 */
export const DEFAULT_BM25F: Bm25fParams = {
  k1: 1.2,
  weights: {
    server: { name: 3, title: 2, description: 1, params: 0 },
    tool: { name: 2, title: 1.5, description: 1, params: 0.4 },
  },
  b: { name: 0.3, title: 0.5, description: 0.75, params: 0.75 },
  toolShare: 0.8,
  twinPower: 0.5,
};

/** Inverse document frequency, BM25's form (never negative). */
export function idf(documents: number, frequency: number): number {
  return Math.log(1 + (documents - frequency + 0.5) / (frequency + 0.5));
}

/** BM25's saturation of a (field-weighted, length-normalised) term frequency. */
export function saturate(tf: number, k1: number): number {
  return (tf * (k1 + 1)) / (tf + k1);
}
