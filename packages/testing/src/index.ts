export * from "./harness.js";
export * from "./infrastructure.js";
export * from "./shared-data.js";
export * from "./catalog-data.js";
export * from "./network.js";
export * from "./postgres-server.js";
