import { DAY_MS } from "@catalog/contracts";
import type { TrustFlagDefinition } from "../types.js";

const DRIFT_SIMILARITY = 0.5;
const DRIFT_DAYS = 90;

export const toolDescriptionDrift: TrustFlagDefinition = {
  flag: "tool_description_drift",
  weight: -15,
  meaning:
    "Within 90 days a tool's description was rewritten (under half its words kept): the instructions an agent reads changed after listing, the pattern of tool poisoning.",
  detect: ({ toolChanges, now }) => {
    const since = now.getTime() - DRIFT_DAYS * DAY_MS;
    const drifted = toolChanges.filter(
      (c) =>
        c.observedAt.getTime() >= since &&
        c.descriptionSimilarity !== null &&
        c.descriptionSimilarity < DRIFT_SIMILARITY,
    );
    if (drifted.length === 0) return null;
    return {
      changes: drifted.slice(0, 10).map((c) => ({
        tool: c.tool,
        similarity: c.descriptionSimilarity,
        observed_at: c.observedAt.toISOString(),
      })),
    };
  },
};
