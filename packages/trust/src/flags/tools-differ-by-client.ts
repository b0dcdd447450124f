import type { TrustFlagDefinition } from "../types.js";

export const toolsDifferByClient: TrustFlagDefinition = {
  flag: "tools_differ_by_client",
  weight: -30,
  meaning:
    "The scheduled probe, listing the tools again as a widely used client, was shown other tools than as the prober: a server that cloaks hides from review what it shows agents.",
  detect: ({ probes }) => {
    const cloaked = probes
      .map((h) => h.latest)
      .filter((p) => p.cloaking?.differs)
      .map((p) => ({
        url: p.url,
        as: p.cloaking!.identity,
        added: p.cloaking!.added,
        removed: p.cloaking!.removed,
        changed: p.cloaking!.changed,
        probed_at: p.at.toISOString(),
      }));
    return cloaked.length ? { remotes: cloaked } : null;
  },
};
