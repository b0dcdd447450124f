export { CLIENT_INFO, type ClientIdentity, type ProbedTool, type Transport } from "./connect.js";
export { DEFAULT_PROBE_LIMITS, keepTool, type ProbeLimits } from "./limits.js";
export { classifyNetworkError } from "./network-errors.js";
export { probeMcp, type ProbeOptions, type ProbeReport } from "./probe.js";
export { readServerCard } from "./server-card.js";
export { unreachedResult } from "./unreached.js";
