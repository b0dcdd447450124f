export { admits, namesServer, pinnedVersions, type ViewFacts } from "./policy.js";
export { BUILTIN_VIEWS } from "./builtin.js";
export { VIEW_EXPORTS, type ExportInput, type ViewFile, type ViewServer } from "./exports/index.js";
