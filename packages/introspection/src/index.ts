export { classifyEnding, type Ending } from "./classify.js";
export {
  chooseBin,
  mcpbLaunch,
  normalizePypiName,
  npmLaunch,
  planLaunch,
  pypiLaunch,
} from "./ecosystems/index.js";
export {
  classifyBundleFailure,
  classifyInstallFailure,
  type BundleFailure,
  type InstallFailureInput,
} from "./install.js";
export {
  endedResult,
  IntrospectionOutcomeSchema,
  type IntrospectionOutcome,
  type IntrospectionResult,
  type ListedItem,
  type Verdict,
} from "./outcome.js";
export { PLACEHOLDER_VALUE } from "./placeholders.js";
export {
  SANDBOX_PATHS,
  type Ecosystem,
  type Launch,
  type LaunchPlan,
  type Planned,
  type Started,
} from "./plan.js";
export { scrubLines } from "./scrub.js";
export { listedTools, packageProbeResult } from "./report.js";
export { isPassing, retryAt } from "./schedule.js";
