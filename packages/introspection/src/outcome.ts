import { INTROSPECTION_OUTCOMES } from "@catalog/contracts";
import { z } from "zod";

/** How an introspection of a package ended (the vocabulary is the contract's). */
export const IntrospectionOutcomeSchema = z.enum(INTROSPECTION_OUTCOMES);
export type IntrospectionOutcome = z.infer<typeof IntrospectionOutcomeSchema>;

/** An outcome with the one sentence that says why. */
export type Verdict = { outcome: IntrospectionOutcome; reason: string };

/** A listed item (tool, prompt or resource) kept whole, schemas and annotations included. */
export type ListedItem = { name?: string; uri?: string } & Record<string, unknown>;

export type IntrospectionResult = Verdict & {
  tools: ListedItem[];
  prompts: ListedItem[];
  resources: ListedItem[];
  serverInfo: { name: string; version: string } | null;
  instructions: string | null;
  /** The negotiated protocol revision, null when no session was opened. */
  protocolVersion: string | null;
  /** Variables and arguments given placeholder values instead of real ones. */
  placeholders: string[];
  /** The last lines of the server's standard error, scrubbed (see `scrubLines`). */
  stderr: string[];
  timings: { installMs: number | null; startMs: number | null; totalMs: number };
};

/** The result of a job that ended before any session: only the verdict and what led to it. */
export function endedResult(
  verdict: Verdict,
  extra: Partial<Omit<IntrospectionResult, keyof Verdict>> = {},
): IntrospectionResult {
  return {
    ...verdict,
    tools: [],
    prompts: [],
    resources: [],
    serverInfo: null,
    instructions: null,
    protocolVersion: null,
    placeholders: [],
    stderr: [],
    timings: { installMs: null, startMs: null, totalMs: 0 },
    ...extra,
  };
}
