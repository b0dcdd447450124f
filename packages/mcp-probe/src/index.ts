export { CLIENT_INFO, type ProbedTool, type Transport } from "./connect.js";
export { classifyNetworkError } from "./network-errors.js";
export { probeMcp, type ProbeOptions, type ProbeReport } from "./probe.js";
