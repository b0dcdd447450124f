import type { TrustFlag } from "@catalog/contracts";
import { blocked } from "./flags/blocked.js";
import { criticalAdvisory } from "./flags/critical-advisory.js";
import { deprecated } from "./flags/deprecated.js";
import { knownAdvisories } from "./flags/known-advisories.js";
import { namespaceDomain } from "./flags/namespace-domain.js";
import { namespaceGithub } from "./flags/namespace-github.js";
import { newListing } from "./flags/new-listing.js";
import { oauthProtected } from "./flags/oauth-protected.js";
import { officialSdk } from "./flags/official-sdk.js";
import { ownerVerified } from "./flags/owner-verified.js";
import { remoteHostMatchesNamespace } from "./flags/remote-host-matches-namespace.js";
import { remoteReachable } from "./flags/remote-reachable.js";
import { remoteUnreachable } from "./flags/remote-unreachable.js";
import { repositoryLinked } from "./flags/repository-linked.js";
import { repositoryMatchesNamespace } from "./flags/repository-matches-namespace.js";
import { templatedRemote } from "./flags/templated-remote.js";
import { toolDescriptionDrift } from "./flags/tool-description-drift.js";
import { toolsChangedRecently } from "./flags/tools-changed-recently.js";
import { toolPoisoning } from "./flags/tool-poisoning.js";
import { hiddenContent } from "./flags/hidden-content.js";
import { annotationMismatch } from "./flags/annotation-mismatch.js";
import { lethalTrifecta } from "./flags/lethal-trifecta.js";
import { toolsAddedAfterListing } from "./flags/tools-added-after-listing.js";
import { toolsDifferByClient } from "./flags/tools-differ-by-client.js";
import { serverCardMismatch } from "./flags/server-card-mismatch.js";
import { deprecatedTransport } from "./flags/deprecated-transport.js";
import { deprecatedRegistration } from "./flags/deprecated-registration.js";
import { listingBehindPackage } from "./flags/listing-behind-package.js";
import type { Evidence, TrustFlagDefinition, TrustInput } from "./types.js";

/** Every flag, in the order of the vocabulary (DECISIONS.md section 4). */
export const TRUST_FLAG_DEFINITIONS: readonly TrustFlagDefinition[] = [
  namespaceDomain,
  namespaceGithub,
  repositoryLinked,
  repositoryMatchesNamespace,
  remoteHostMatchesNamespace,
  remoteReachable,
  remoteUnreachable,
  oauthProtected,
  officialSdk,
  knownAdvisories,
  criticalAdvisory,
  toolsChangedRecently,
  toolDescriptionDrift,
  deprecated,
  newListing,
  templatedRemote,
  ownerVerified,
  blocked,
  toolPoisoning,
  hiddenContent,
  annotationMismatch,
  lethalTrifecta,
  toolsAddedAfterListing,
  toolsDifferByClient,
  serverCardMismatch,
  listingBehindPackage,
  deprecatedTransport,
  deprecatedRegistration,
];

/** Where every server starts before its signals add or take points. */
export const TRUST_BASE = 30;

export type TrustAssessment = {
  score: number;
  flags: TrustFlag[];
  /** Stored in servers.trust_evidence: the arithmetic and what each flag rests on. */
  evidence: {
    base: number;
    signals: { flag: TrustFlag; weight: number }[];
    flags: Partial<Record<TrustFlag, Evidence>>;
  };
};

/**
 * trust_score = base + the weights of the flags present, clamped to 0..100; 0 when blocked.
 * Reproducible: the same input always gives the same score, flags and evidence.
 */
export function assessTrust(input: TrustInput): TrustAssessment {
  const found = TRUST_FLAG_DEFINITIONS.flatMap((d) => {
    const evidence = d.detect(input);
    return evidence ? [{ definition: d, evidence }] : [];
  });
  const signals = found.map(({ definition }) => ({ flag: definition.flag, weight: definition.weight }));
  const sum = TRUST_BASE + signals.reduce((total, s) => total + s.weight, 0);
  const isBlocked = found.some((f) => f.definition.flag === "blocked");
  return {
    score: isBlocked ? 0 : Math.min(100, Math.max(0, sum)),
    flags: signals.map((s) => s.flag),
    evidence: {
      base: TRUST_BASE,
      signals,
      flags: Object.fromEntries(found.map((f) => [f.definition.flag, f.evidence])),
    },
  };
}
