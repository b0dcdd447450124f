export { runService, serveHealth, type ServiceRuntime } from "./run-service.js";
export { commandArgs, helpText, usageError, type CommandHelp } from "./cli.js";
export { loggedProgress, Progress, progressWriter, type ProgressFigures } from "./progress.js";
