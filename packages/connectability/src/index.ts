export * from "./assess.js";
export * from "./types.js";
export { assessPackage } from "./package.js";
export { assessRemote } from "./remote.js";
export * from "./evidence.js";
export { declaresCredential, remoteAuth, type RemoteAuth, type RemoteAuthInput } from "./auth-type.js";
