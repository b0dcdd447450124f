import { reached, type TrustFlagDefinition } from "../types.js";

export const oauthProtected: TrustFlagDefinition = {
  flag: "oauth_protected",
  weight: 5,
  meaning: "A live remote asks for OAuth authorization: its tools are not open to anyone who finds the URL.",
  detect: ({ probes }) => {
    const probe = probes.find((p) => reached(p.outcome) && p.authRequired);
    return probe ? { url: probe.url, probed_at: probe.at.toISOString() } : null;
  },
};
