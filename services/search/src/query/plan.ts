import type { IntentAnswer } from "@catalog/contracts";
import { impliedNeeds, splitIntents } from "@catalog/lexical";
import type { TaskCapability } from "@catalog/tool-risk";

/** One intent a search answers on its own. */
export type PlannedIntent = {
  text: string;
  source: IntentAnswer["source"];
  /** An implied need: its capability (only servers that have it answer) and the words that imply it. */
  capability?: TaskCapability;
  impliedBy?: string;
};

export type PlanOptions = {
  /** Whether a task in several steps is split into intents. */
  split: boolean;
  /** Whether the needs a task implies are answered too. */
  implied: boolean;
};

/**
 * The intents a search answers, named first: the steps the agent gave (else `q` split into its
 * steps), then the needs `q` implies that no given step carries itself. A need a given step
 * implies is left to that step ("save the notes to /tmp/a.md" finds file servers by its own
 * words); one implied by `q` gets its own turn after the named ones.
 */
export function planIntents(
  q: string | undefined,
  given: readonly string[] | undefined,
  options: PlanOptions,
): PlannedIntent[] {
  const named: PlannedIntent[] = given
    ? given.map((text) => ({ text, source: "given" }))
    : (options.split ? splitIntents(q!) : [q!]).map((text) => ({ text, source: "query" }));
  if (!options.implied) return named;
  const carried = new Set(given?.flatMap((text) => impliedNeeds(text).map((n) => n.capability)) ?? []);
  // A step implies nothing its own words do not already ask for: only q's needs get turns.
  const implied = (q === undefined ? [] : impliedNeeds(q))
    .filter((need) => !carried.has(need.capability))
    .map((need): PlannedIntent => ({
      text: need.intent,
      source: "implied",
      capability: need.capability,
      impliedBy: need.because,
    }));
  return [...named, ...implied];
}
