export * from "./address.js";
export * from "./errors.js";
export * from "./resolve.js";
export * from "./safe-http.js";
export * from "./url.js";
