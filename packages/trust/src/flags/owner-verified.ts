import type { TrustFlagDefinition } from "../types.js";

export const ownerVerified: TrustFlagDefinition = {
  flag: "owner_verified",
  weight: 15,
  meaning:
    "The namespace is tied to what the entry points at (a remote on its domain, or its repository under github.com/<owner>): see the owner block.",
  detect: ({ owner }) =>
    owner.verified
      ? { method: owner.method, evidence: owner.evidence, verified_at: owner.verified_at }
      : null,
};
