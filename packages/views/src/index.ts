export { admits, namesServer, pinnedVersions, type ViewFacts } from "./policy.js";
export { BUILTIN_VIEWS } from "./builtin.js";
