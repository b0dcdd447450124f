import { answeredMcp, type ProbeHistory } from "@catalog/contracts";
import { UNVERIFIED } from "./owner.js";
import type { TrustInput, TrustProbe } from "./types.js";

const NOW = new Date("2025-12-18T12:00:00Z");

/** A plain server with no signal beyond its namespace: override what a case needs. */
export function trustInput(overrides: Partial<TrustInput> = {}): TrustInput {
  return {
    name: "com.example/weather",
    namespace: "com.example",
    status: "active",
    firstPublishedAt: new Date("2025-09-01T00:00:00Z"),
    repositoryUrl: null,
    remotes: [],
    probes: [],
    sdk: null,
    advisories: [],
    packagesBehind: [],
    toolChanges: [],
    toolRisk: { tools: [], trifecta: null },
    owner: UNVERIFIED,
    blocked: null,
    now: NOW,
    ...overrides,
  };
}

export const daysAgo = (days: number): Date => new Date(NOW.getTime() - days * 86_400_000);

/** A probe of the namespace's remote a day ago; an OAuth challenge asks for authorization. */
export const probe = (outcome: string, overrides: Partial<TrustProbe> = {}): TrustProbe => ({
  url: "https://mcp.example.com/mcp",
  outcome,
  authRequired: outcome === "auth_required",
  at: daysAgo(1),
  ...overrides,
});

/** A remote whose latest probe is `latest`, failed once when it did not answer (override the rest). */
export const history = (
  latest: TrustProbe,
  more: Partial<ProbeHistory<TrustProbe>> = {},
): ProbeHistory<TrustProbe> => ({
  latest,
  lastAnswer: null,
  failures: answeredMcp(latest.outcome) ? 0 : 1,
  ...more,
});
