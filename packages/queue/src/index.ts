export * from "./bus.js";
export * from "./jobs.js";
export * from "./keys.js";
export * from "./retry.js";
