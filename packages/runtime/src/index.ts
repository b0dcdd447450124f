export { runService, serveHealth, startReconciler, type ServiceRuntime } from "./run-service.js";
export { commandArgs, helpText, usageError, type CommandHelp } from "./cli.js";
export { loggedProgress, Progress, progressWriter, type ProgressFigures } from "./progress.js";
export {
  eachPage,
  OWED_PAGE,
  Reconciler,
  type OwedWork,
  type ReconcileCause,
  type ReconcilerOptions,
} from "./reconciler.js";
