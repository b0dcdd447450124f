import type { ServerRisk } from "@catalog/tool-risk";
import {
  answeredMcp,
  type ProbeCloaking,
  type ProbeServerCard,
  standing,
  type OwnerBlock,
  type ProbeHistory,
  type Standing,
  type TrustFlag,
} from "@catalog/contracts";

/** One stored probe of a remote. */
export type TrustProbe = {
  url: string;
  outcome: string;
  authRequired: boolean;
  at: Date;
  /** The tools as another client was shown them, when the probe compared (ProbeResult.cloaking). */
  cloaking?: ProbeCloaking | null;
  /** The server card the probe read (ProbeResult.server_card), when it read one. */
  serverCard?: ProbeServerCard | null;
  /** The transport that answered (ProbeResult.transport): `sse` only when streamable HTTP did not. */
  transport?: "streamable-http" | "sse" | null;
  /** How clients register with the remote's authorization server, when it asked for authorization. */
  registration?: TrustRegistration | null;
};

/** What the authorization server metadata says about client registration (ProbeResult.auth). */
export type TrustRegistration = {
  issuer: string | null;
  metadataUrl: string | null;
  registrationEndpoint: string | null;
  clientIdMetadataDocument: boolean;
};

/** An OSV advisory in a dependency graph of one of the server's packages. */
export type TrustAdvisory = { id: string; severity: string; package: string; version: string };

/** The official MCP SDK found in a package's resolved dependency graph. */
export type TrustSdk = { ecosystem: string; package: string; version: string; via: string };

/**
 * A package of the listing whose newest registry version leaves the listed one behind
 * (`freshnessOf` in @catalog/dependencies: a higher major, or published over 90 days later).
 */
export type TrustPackageBehind = {
  ecosystem: string;
  package: string;
  listed: string;
  listedPublishedAt: Date | null;
  newest: string;
  newestPublishedAt: Date | null;
  reason: string;
};

/** A tool-definition change (the catalog passes those of the last 90 days). */
export type TrustToolChange = {
  tool: string;
  kind: "added" | "removed" | "changed" | "renamed";
  observedAt: Date;
  descriptionSimilarity: number | null;
  /** For a rename: the tool's name before. */
  renamedFrom?: string | null;
};

/** Everything the trust signals read: the catalog's facts about one server, and the time. */
export type TrustInput = {
  name: string;
  namespace: string;
  status: "active" | "deprecated" | "deleted";
  firstPublishedAt: Date;
  repositoryUrl: string | null;
  remotes: { url: string; templated: boolean }[];
  /** The recent probes of each probed remote, judged by `standing` (@catalog/contracts). */
  probes: ProbeHistory<TrustProbe>[];
  sdk: TrustSdk | null;
  advisories: TrustAdvisory[];
  /** The packages behind their registry's newest version (none when all are current or unknown). */
  packagesBehind: TrustPackageBehind[];
  toolChanges: TrustToolChange[];
  owner: OwnerBlock;
  /** What the tool-risk detectors found in the server's current tools (@catalog/tool-risk). */
  toolRisk: ServerRisk;
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

/** The standing of each probed remote: one failed probe does not count against it. */
export const standings = ({ probes }: TrustInput): Standing<TrustProbe>[] => probes.map((h) => standing(h));

/** Whether a remote is judged from an answer: its latest, or its last one held through a failure. */
export const live = (s: Standing<TrustProbe>): boolean => answeredMcp(s.observed.outcome);

/** A probe as the evidence of a flag shows it. */
export const sighting = (p: TrustProbe) => ({
  url: p.url,
  outcome: p.outcome,
  probed_at: p.at.toISOString(),
});
