export * from "./evaluation.js";
export * from "./filters.js";
export * from "./fusion.js";
export * from "./trust.js";
export * from "./types.js";
export * from "./ranking.js";
export * from "./breadth.js";
export * from "./match.js";
