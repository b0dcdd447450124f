import { reached, type TrustFlagDefinition } from "../types.js";

export const remoteReachable: TrustFlagDefinition = {
  flag: "remote_reachable",
  weight: 10,
  meaning: "The latest probe of a remote got an MCP answer (or an OAuth challenge): the server is live.",
  detect: ({ probes }) => {
    const live = probes.find((p) => reached(p.outcome));
    return live ? { url: live.url, outcome: live.outcome, probed_at: live.at.toISOString() } : null;
  },
};
