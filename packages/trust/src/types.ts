import type { OwnerBlock, TrustFlag } from "@catalog/contracts";

/** The latest probe of one remote. */
export type TrustProbe = { url: string; outcome: string; authRequired: boolean; at: Date };

/** An OSV advisory in a dependency graph of one of the server's packages. */
export type TrustAdvisory = { id: string; severity: string; package: string; version: string };

/** The official MCP SDK found in a package's resolved dependency graph. */
export type TrustSdk = { ecosystem: string; package: string; version: string; via: string };

/** A tool-definition change (the catalog passes those of the last 90 days). */
export type TrustToolChange = {
  tool: string;
  kind: "added" | "removed" | "changed";
  observedAt: Date;
  descriptionSimilarity: number | null;
};

/** Everything the trust signals read: the catalog's facts about one server, and the time. */
export type TrustInput = {
  name: string;
  namespace: string;
  status: "active" | "deprecated" | "deleted";
  firstPublishedAt: Date;
  repositoryUrl: string | null;
  remotes: { url: string; templated: boolean }[];
  probes: TrustProbe[];
  sdk: TrustSdk | null;
  advisories: TrustAdvisory[];
  toolChanges: TrustToolChange[];
  owner: OwnerBlock;
  /** The blocklist entry that covers the server (its name or `namespace/*`), if any. */
  blocked: { entry: string; reason: string } | null;
  now: Date;
};

/** What a flag rests on: a small JSON object shown with the flag in the descriptor. */
export type Evidence = Record<string, unknown>;

/** One trust flag: its weight in the score, what it means, and a pure detector. */
export type TrustFlagDefinition = {
  flag: TrustFlag;
  /** Points added to (or, negative, taken from) the base score when the flag is present. */
  weight: number;
  /** One sentence for the documentation: what the flag says and why it weighs what it does. */
  meaning: string;
  detect: (input: TrustInput) => Evidence | null;
};

export const DAY_MS = 86_400_000;

/** Whether a probe outcome means the remote answered (MCP itself, or behind OAuth). */
export const reached = (outcome: string): boolean => outcome === "ok" || outcome === "auth_required";
