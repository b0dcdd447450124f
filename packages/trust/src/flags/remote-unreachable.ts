import { reached, type TrustFlagDefinition } from "../types.js";

export const remoteUnreachable: TrustFlagDefinition = {
  flag: "remote_unreachable",
  weight: -15,
  meaning:
    "Every probed remote failed its latest probe: a listing that does not answer is not to be relied on.",
  detect: ({ probes }) => {
    if (probes.length === 0 || probes.some((p) => reached(p.outcome))) return null;
    return {
      probes: probes.map((p) => ({ url: p.url, outcome: p.outcome, probed_at: p.at.toISOString() })),
    };
  },
};
