export * from "./canonical-json.js";
export * from "./entry.js";
export * from "./latest.js";
export * from "./listing.js";
export * from "./names.js";
export * from "./official-meta.js";
export * from "./server-json.js";
