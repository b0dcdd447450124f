export * from "./bus.js";
export * from "./jobs.js";
export * from "./keys.js";
export * from "./scripts.js";
export * from "./retry.js";
export * from "./server-changes.js";
export * from "./redis-watch.js";
