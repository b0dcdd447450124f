export * from "./health-server.js";
export * from "./lifecycle.js";
export * from "./logger.js";
export * from "./metrics.js";
