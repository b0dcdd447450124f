export * from "./client.js";
export * from "./errors.js";
export { retryAfterSeconds, type ClientOptions } from "./transport.js";
