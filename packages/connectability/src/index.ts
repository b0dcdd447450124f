export * from "./assess.js";
export * from "./types.js";
