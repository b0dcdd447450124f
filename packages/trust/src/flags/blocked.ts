import type { TrustFlagDefinition } from "../types.js";

export const blocked: TrustFlagDefinition = {
  flag: "blocked",
  weight: 0,
  meaning: "An operator put the listing on the blocklist; the score is 0 whatever the other signals say.",
  detect: ({ blocked: entry }) => (entry ? { entry: entry.entry, reason: entry.reason } : null),
};
