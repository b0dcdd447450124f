import type { ProbeResult, ReadinessRequirement } from "@catalog/contracts";

/** A tool as listed, schemas and _meta included. */
export type ReadinessTool = { name: string } & Record<string, unknown>;

export type ReadinessInput = { probe: ProbeResult; tools: ReadinessTool[] };

/** One published rule of a directory and how (or whether) a probe can judge it. */
export type Rule = {
  id: string;
  title: string;
  source: string;
  /** Absent for rules only a human reviewer can judge: they report `manual`. */
  evaluate?: (input: ReadinessInput) => Pick<ReadinessRequirement, "status" | "detail">;
  /** What the reviewer looks at, for manual rules. */
  manual?: string;
};
