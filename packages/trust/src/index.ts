export { assessTrust, TRUST_BASE, TRUST_FLAG_DEFINITIONS, type TrustAssessment } from "./assess.js";
export { hostOf, hostUnder, parseNamespace, repositoryOwner, type Namespace } from "./namespace.js";
export { UNVERIFIED, verifyOwner, type OwnerInput } from "./owner.js";
export type {
  Evidence,
  TrustAdvisory,
  TrustFlagDefinition,
  TrustInput,
  TrustPackageBehind,
  TrustProbe,
  TrustRegistration,
  TrustSdk,
  TrustToolChange,
} from "./types.js";
