export * from "./connection.js";
export * from "./cursor.js";
export * from "./errors.js";
export * from "./next-actions.js";
export * from "./registry.js";
export * from "./servers.js";
export * from "./tools.js";
export * from "./vocabulary.js";
