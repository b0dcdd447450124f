import type { OwnerBlock } from "@catalog/contracts";
import { hostOf, hostUnder, parseNamespace, repositoryOwner } from "./namespace.js";

export type OwnerInput = {
  namespace: string;
  repositoryUrl: string | null;
  /** Remote URLs of the latest version; templated ones cannot be tied to a host. */
  remotes: { url: string; templated: boolean }[];
};

export const UNVERIFIED: OwnerBlock = { verified: false, method: null, evidence: null, verified_at: null };

/**
 * Owner evidence (DECISIONS.md section 4): the namespace is tied to what the entry points at.
 * A domain namespace whose domain (or a subdomain) hosts a remote, or an io.github.<owner>
 * namespace whose repository is under github.com/<owner>. `verified_at` is when the catalog
 * first saw the current evidence: kept from `previous` while method and evidence are unchanged.
 */
export function verifyOwner(input: OwnerInput, previous: OwnerBlock | null, now: Date): OwnerBlock {
  const found = evidenceOf(input);
  if (!found) return UNVERIFIED;
  const same =
    previous?.verified === true &&
    previous.method === found.method &&
    JSON.stringify(previous.evidence) === JSON.stringify(found.evidence);
  return {
    verified: true,
    method: found.method,
    evidence: found.evidence,
    verified_at: same && previous.verified_at ? previous.verified_at : now.toISOString(),
  };
}

type Found = { method: "remote_host" | "repository_owner"; evidence: Record<string, string> };

function evidenceOf({ namespace, repositoryUrl, remotes }: OwnerInput): Found | null {
  const ns = parseNamespace(namespace);
  if (ns.kind === "github") {
    const repo = repositoryUrl ? repositoryOwner(repositoryUrl) : null;
    if (repo?.host !== "github.com" || repo.owner !== ns.owner) return null;
    return {
      method: "repository_owner",
      evidence: { namespace, github_owner: ns.owner, repository: repositoryUrl! },
    };
  }
  for (const remote of remotes) {
    if (remote.templated) continue;
    const host = hostOf(remote.url);
    if (host && hostUnder(host, ns.domain)) {
      return { method: "remote_host", evidence: { namespace, domain: ns.domain, remote: remote.url, host } };
    }
  }
  return null;
}
