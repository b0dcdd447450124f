export * from "./client.js";
export * from "./errors.js";
export { retryAfterSeconds, type ClientOptions } from "./transport.js";
export type * from "./types.js";
export type { operations, paths } from "./generated/openapi.js";
