export * from "./bus.js";
export * from "./jobs.js";
export * from "./retry.js";
