/**
 * What a registry namespace says about its publisher. The registry verified it at publish time:
 * `io.github.<owner>` through GitHub sign-in as <owner>, any other namespace through DNS or an
 * HTTP well-known file on the domain it reverses.
 */
export type Namespace =
  | { kind: "github"; namespace: string; owner: string }
  | { kind: "domain"; namespace: string; domain: string };

export function parseNamespace(namespace: string): Namespace {
  const lower = namespace.toLowerCase();
  const labels = lower.split(".").filter(Boolean);
  if (labels[0] === "io" && labels[1] === "github" && labels.length === 3) {
    return { kind: "github", namespace, owner: labels[2]! };
  }
  return { kind: "domain", namespace, domain: labels.reverse().join(".") };
}

/** Whether `host` is `domain` or one of its subdomains. */
export function hostUnder(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return h === domain || h.endsWith(`.${domain}`);
}

export function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** Code hosts whose first path segment names the owner of a repository. */
const CODE_HOSTS = new Set(["github.com", "gitlab.com", "bitbucket.org", "codeberg.org"]);

/** The host and owner of a repository URL (`https://github.com/<owner>/<repo>`, `git+https://...`). */
export function repositoryOwner(url: string): { host: string; owner: string | null } | null {
  const cleaned = url.trim().replace(/^git\+/, "");
  let parsed: URL;
  try {
    parsed = new URL(cleaned);
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase().replace(/^www\./, "");
  const owner = parsed.pathname.split("/").filter(Boolean)[0]?.toLowerCase() ?? null;
  return { host, owner: CODE_HOSTS.has(host) ? owner : null };
}
