export * from "./connection.js";
export * from "./endpoint.js";
export type { Placeholder, Value } from "./value.js";
export { cursorDeeplink, TARGETS, type Rendered, type Secret, type SecretWhere } from "./targets/index.js";
