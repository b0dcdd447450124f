import { DAY_MS } from "@catalog/contracts";
import type { TrustFlagDefinition } from "../types.js";

const RECENT_CHANGE_DAYS = 30;

export const toolsChangedRecently: TrustFlagDefinition = {
  flag: "tools_changed_recently",
  weight: -5,
  meaning:
    "Tools were added, removed or changed within 30 days: what an agent was allowed to call may no longer be what it calls.",
  detect: ({ toolChanges, now }) => {
    const since = now.getTime() - RECENT_CHANGE_DAYS * DAY_MS;
    const recent = toolChanges.filter((c) => c.observedAt.getTime() >= since);
    if (recent.length === 0) return null;
    const last = Math.max(...recent.map((c) => c.observedAt.getTime()));
    return {
      changes: recent.length,
      last_change_at: new Date(last).toISOString(),
      tools: [...new Set(recent.map((c) => c.tool))].sort().slice(0, 10),
    };
  },
};
