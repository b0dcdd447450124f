export * from "./connection.js";
export * from "./endpoint.js";
export { remoteEndpoint } from "./remote.js";
export { endpointSteps } from "./steps.js";
export type { Withheld } from "./packages/index.js";
export type { Placeholder, Value } from "./value.js";
export { placeholdersOf } from "./value.js";
export {
  claudeCliName,
  cursorDeeplink,
  TARGETS,
  type Rendered,
  type Secret,
  type SecretWhere,
} from "./targets/index.js";
