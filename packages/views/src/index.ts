export { admits, excludedFor, namesServer, pinnedVersions, type ViewFacts } from "./policy.js";
export { BUILTIN_VIEWS } from "./builtin.js";
export {
  VIEW_EXPORTS,
  type ExcludedServer,
  type ExportInput,
  type ManagedEntry,
  type ViewFile,
  type ViewServer,
} from "./exports/index.js";
