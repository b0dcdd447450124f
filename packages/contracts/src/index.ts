export * from "./check.js";
export * from "./errors.js";
export * from "./next-actions.js";
export * from "./probe.js";
export * from "./quality.js";
export * from "./registry.js";
export * from "./tools.js";
export * from "./vocabulary.js";
