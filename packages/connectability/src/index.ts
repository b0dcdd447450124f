export * from "./assess.js";
export * from "./types.js";
export * from "./evidence.js";
