import { parseNamespace } from "../namespace.js";
import type { TrustFlagDefinition } from "../types.js";

export const namespaceDomain: TrustFlagDefinition = {
  flag: "namespace_domain",
  weight: 10,
  meaning:
    "The namespace is a domain the publisher proved to the registry (DNS or HTTP challenge): an organisation stands behind the name.",
  detect: ({ namespace }) => {
    const ns = parseNamespace(namespace);
    return ns.kind === "domain" ? { namespace, domain: ns.domain } : null;
  },
};
