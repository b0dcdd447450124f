import type { ConnectionClassId, QualityLabel } from "@catalog/contracts";

/**
 * The candidate sources of a hybrid search: servers and tools by keyword (one BM25F index over
 * both, a tool's match counting for its server), servers by name, servers and tools by meaning,
 * servers and tools by keyword again with the query's words' associations (mined from the catalog),
 * and servers and tools by the meaning of an encoder trained on the catalog's own text.
 */
export const RETRIEVERS = [
  "server_keyword",
  "tool_keyword",
  "server_name",
  "server_semantic",
  "tool_semantic",
  "server_associated",
  "tool_associated",
  "server_trained",
  "tool_trained",
] as const;
export type Retriever = (typeof RETRIEVERS)[number];

/**
 * One hit of a retriever: a server document (toolName null) or a tool document. `evidence`
 * (0..1, 1 when absent) is how much of the query the hit answers: the share of the query's
 * weight a keyword hit matched, a name match's strength, a semantic hit's similarity.
 */
export type Hit = { serverName: string; toolName: string | null; evidence?: number };

/** Each retriever's hits, best first. */
export type RankedLists = Partial<Record<Retriever, readonly Hit[]>>;

/** What search needs to know of a server to filter, re-rank and answer. */
export type ServerFacts = {
  name: string;
  title: string | null;
  description: string;
  connectionClass: ConnectionClassId;
  autonomous: boolean;
  humanSteps: string[];
  categories: string[];
  trustScore: number;
  trustFlags: string[];
  qualityScore: number | null;
  qualityLabel: QualityLabel;
  toolCount: number;
  /** Tokens of the tool definitions (null until counted). */
  toolTokens: number | null;
  /** Transports of the latest version's remotes whose URL has no template variable. */
  transports: string[];
  /** Access classes its probed remotes showed (open, late_gate, hard_gate). */
  access: string[];
};
