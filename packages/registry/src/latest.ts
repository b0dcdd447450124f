export type VersionFacts = { version: string; isLatest: boolean; publishedAt: Date };

/**
 * Which version of a server is latest after `incoming` is written, given the version currently
 * marked latest. Upstream flags exactly one version; jobs may arrive out of order, so a claim
 * from an older publication never displaces a newer latest. Returns null when none is marked.
 */
export function chooseLatest(
  incoming: VersionFacts,
  current: Omit<VersionFacts, "isLatest"> | null,
): string | null {
  if (incoming.isLatest) {
    if (!current || current.version === incoming.version || current.publishedAt <= incoming.publishedAt) {
      return incoming.version;
    }
    return current.version;
  }
  if (current && current.version !== incoming.version) return current.version;
  return null;
}
