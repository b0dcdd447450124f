import { live, standings, type TrustFlagDefinition } from "../types.js";

export const oauthProtected: TrustFlagDefinition = {
  flag: "oauth_protected",
  weight: 5,
  meaning: "A live remote asks for OAuth authorization: its tools are not open to anyone who finds the URL.",
  detect: (input) => {
    const found = standings(input).find((s) => live(s) && s.observed.authRequired);
    return found ? { url: found.observed.url, probed_at: found.observed.at.toISOString() } : null;
  },
};
