import { UNVERIFIED } from "./owner.js";
import type { TrustInput } from "./types.js";

export const NOW = new Date("2025-12-18T12:00:00Z");

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
    toolChanges: [],
    owner: UNVERIFIED,
    blocked: null,
    now: NOW,
    ...overrides,
  };
}

export const daysAgo = (days: number): Date => new Date(NOW.getTime() - days * 86_400_000);
