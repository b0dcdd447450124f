export * from "./legacy-server.js";
export * from "./listen.js";
export * from "./modern-server.js";
export * from "./oauth-server.js";
export * from "./plain-servers.js";
export * from "./probe-result.js";
export * from "./sse-server.js";
export * from "./tools.js";
