export * from "./bus.js";
export * from "./jobs.js";
