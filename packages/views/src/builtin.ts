import type { ViewDefinition } from "@catalog/contracts";

/** Views every install serves; operators add their own (VIEWS_FILE) under other names. */
export const BUILTIN_VIEWS: readonly ViewDefinition[] = [
  {
    name: "verified",
    title: "Verified owners",
    description:
      "Servers whose owner's namespace was verified (a DNS record, a well-known file or the GitHub account).",
    rules: { owner_verified: true },
  },
  {
    name: "reachable",
    title: "Reachable this week",
    description: "Servers with a remote that answered a probe within the last 7 days.",
    rules: { reachable_within_days: 7 },
  },
  {
    name: "no-critical-advisories",
    title: "No critical advisories",
    description: "Servers with no known critical advisory in their packages' dependencies.",
    rules: { no_advisory_at_or_above: "critical" },
  },
];
