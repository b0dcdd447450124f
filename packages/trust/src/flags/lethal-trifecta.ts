import type { TrustFlagDefinition } from "../types.js";

export const lethalTrifecta: TrustFlagDefinition = {
  flag: "lethal_trifecta",
  weight: 0,
  meaning:
    "The server's tools together read private data, take in untrusted content and send data out: one injected instruction can leak the data (informational; many useful servers are so).",
  detect: ({ toolRisk }) => toolRisk.trifecta,
};
