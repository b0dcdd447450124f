export * from "./errors.js";
export * from "./next-actions.js";
export * from "./registry.js";
export * from "./tools.js";
export * from "./vocabulary.js";
export * from "./access.js";
