import { DAY_MS } from "@catalog/contracts";
import type { TrustFlagDefinition } from "../types.js";

const ADDED_DAYS = 90;

export const toolsAddedAfterListing: TrustFlagDefinition = {
  flag: "tools_added_after_listing",
  weight: 0,
  meaning:
    "Within 90 days a tool appeared after the server's first tool list, or a removed tool came back under a new name (a rename slips past per-name approvals): for review (informational).",
  detect: ({ toolChanges, now }) => {
    const since = now.getTime() - ADDED_DAYS * DAY_MS;
    const later = toolChanges.filter(
      (c) => (c.kind === "added" || c.kind === "renamed") && c.observedAt.getTime() >= since,
    );
    if (later.length === 0) return null;
    return {
      tools: later.slice(0, 10).map((c) => ({
        tool: c.tool,
        kind: c.kind,
        ...(c.renamedFrom ? { renamed_from: c.renamedFrom } : {}),
        observed_at: c.observedAt.toISOString(),
      })),
    };
  },
};
