import type { TrustFlagDefinition } from "../types.js";

export const templatedRemote: TrustFlagDefinition = {
  flag: "templated_remote",
  weight: 0,
  meaning:
    "A remote URL holds {variables} the user fills in: the endpoint cannot be probed or tied to the publisher in advance (informational).",
  detect: ({ remotes }) => {
    const templated = remotes.filter((r) => r.templated).map((r) => r.url);
    return templated.length ? { remotes: templated } : null;
  },
};
