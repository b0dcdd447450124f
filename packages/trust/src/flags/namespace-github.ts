import { parseNamespace } from "../namespace.js";
import type { TrustFlagDefinition } from "../types.js";

export const namespaceGithub: TrustFlagDefinition = {
  flag: "namespace_github",
  weight: 5,
  meaning:
    "The namespace is io.github.<owner>, proved by GitHub sign-in: an individual account, cheaper to obtain than a domain.",
  detect: ({ namespace }) => {
    const ns = parseNamespace(namespace);
    return ns.kind === "github" ? { namespace, github_owner: ns.owner } : null;
  },
};
