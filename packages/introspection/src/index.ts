export { classifyEnding, type Ending } from "./classify.js";
export { chooseBin, planLaunch } from "./ecosystems/index.js";
export { classifyInstallFailure } from "./install.js";
export {
  endedResult,
  IntrospectionOutcomeSchema,
  type IntrospectionOutcome,
  type IntrospectionResult,
  type ListedItem,
  type Verdict,
} from "./outcome.js";
export { PLACEHOLDER_VALUE } from "./placeholders.js";
export type { LaunchPlan, Planned } from "./plan.js";
export { scrubLines } from "./scrub.js";
export { listedTools, packageProbeResult } from "./report.js";
export { isPassing, retryAt } from "./schedule.js";
