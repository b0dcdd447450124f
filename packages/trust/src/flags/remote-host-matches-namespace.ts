import { hostOf, hostUnder, parseNamespace } from "../namespace.js";
import type { TrustFlagDefinition } from "../types.js";

export const remoteHostMatchesNamespace: TrustFlagDefinition = {
  flag: "remote_host_matches_namespace",
  weight: 10,
  meaning:
    "A remote is served from the namespace's own domain (or <owner>.github.io for io.github.<owner>): the endpoint is the publisher's.",
  detect: ({ namespace, remotes }) => {
    const ns = parseNamespace(namespace);
    const domain = ns.kind === "domain" ? ns.domain : `${ns.owner}.github.io`;
    for (const remote of remotes) {
      if (remote.templated) continue;
      const host = hostOf(remote.url);
      if (host && hostUnder(host, domain)) return { remote: remote.url, host };
    }
    return null;
  },
};
