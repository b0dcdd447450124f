import { hostUnder, parseNamespace, repositoryOwner } from "../namespace.js";
import type { TrustFlagDefinition } from "../types.js";

export const repositoryMatchesNamespace: TrustFlagDefinition = {
  flag: "repository_matches_namespace",
  weight: 10,
  meaning:
    "The repository belongs to the namespace's owner: github.com/<owner> for io.github.<owner>; for a domain, a repository hosted under the domain or an owner named like one of its labels.",
  detect: ({ namespace, repositoryUrl }) => {
    if (!repositoryUrl) return null;
    const repo = repositoryOwner(repositoryUrl);
    if (!repo) return null;
    const ns = parseNamespace(namespace);
    if (ns.kind === "github") {
      return repo.host === "github.com" && repo.owner === ns.owner
        ? { repository: repositoryUrl, owner: repo.owner }
        : null;
    }
    if (hostUnder(repo.host, ns.domain)) return { repository: repositoryUrl, host: repo.host };
    // The registrable labels of the domain (its TLD excluded): stripe for com.stripe.
    const labels = ns.domain.split(".").slice(0, -1);
    return repo.owner && labels.includes(repo.owner)
      ? { repository: repositoryUrl, owner: repo.owner }
      : null;
  },
};
