import type { ConnectionClassId, QualityLabel } from "@catalog/contracts";

/** The four candidate sources of a hybrid search. */
export const RETRIEVERS = ["server_keyword", "tool_keyword", "server_semantic", "tool_semantic"] as const;
export type Retriever = (typeof RETRIEVERS)[number];

/** One hit of a retriever: a server document (toolName null) or a tool document. */
export type Hit = { serverName: string; toolName: string | null };

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
  /** Transports of the latest version's remotes whose URL has no template variable. */
  transports: string[];
};
